import {
  AVAILABILITY_FILTERS,
  type CatalogFilter,
  filterQuery,
  readCatalogFilter,
  SORTS,
  scopedFilter,
} from "../../../shared/catalog-filter";
import type { PageQuery } from "../../../shared/routes";
import { typedSearchText } from "../../../shared/search-query";
import { parseQuery } from "./query-string";

/**
 * A page's query as the page reads it: `key`, the parameters it reads in their one spelling
 * (sorted, defaults and empty values dropped), which is all a kept page's key holds; and
 * `invalid`, when a parameter it reads had a value it cannot use (an unknown sort, a page that
 * is not a number): the request is sent to the one spelling with a 301 rather than answered.
 */
export interface ReadQuery {
  key: string;
  invalid: boolean;
  /** The names the page reads: every other parameter is left in the URL and out of the key. */
  reads: ReadonlySet<string>;
  /** A listing's filter as read (no scope): the page takes it from here rather than parse the URL again. */
  filter?: CatalogFilter;
}

const NONE: ReadonlySet<string> = new Set();
const PAGE = new Set(["page"]);
const LISTING = new Set([
  "maker",
  "model",
  "year",
  "cost[min]",
  "cost[max]",
  "priceMin",
  "priceMax",
  "availability",
  "sort",
  "page",
]);
const SEARCH = new Set(["q", "page"]);

/** A page number the page can show: a whole number from 1 to `max`; absent or empty is page 1. */
function pageNumber(value: string | null, max: number): number | null {
  if (value === null || value === "") return 1;
  const n = Number(value);
  return /^\d+$/.test(value) && n >= 1 && n <= max ? n : null;
}

function pageKey(n: number): string {
  return n > 1 ? `page=${n}` : "";
}

/** A search page's query in its one spelling: its page number (past the first) and its words. */
export function searchKey(q: string, page: number): string {
  return [pageKey(page), q ? `q=${encodeURIComponent(q)}` : ""].filter(Boolean).join("&");
}

/** Whether each value the shopper sent for a listing parameter survives the filter's own reading. */
function listingValuesValid(params: URLSearchParams): boolean {
  const items = (name: string) =>
    params
      .getAll(name)
      .flatMap((v) => v.split(","))
      .filter((v) => v !== "");
  const slug = /^[a-z0-9-]{1,80}$/;
  const price = (v: string) => v === "" || (Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 1_000_000);
  return (
    items("maker").every((v) => slug.test(v)) &&
    items("model").every((v) => slug.test(v)) &&
    items("year").every((v) => /^\d{4}$/.test(v) && Number(v) >= 1990 && Number(v) <= 2100) &&
    items("availability").every((v) => (AVAILABILITY_FILTERS as readonly string[]).includes(v)) &&
    params.getAll("sort").every((v) => v === "" || SORTS.some((s) => s.key === v)) &&
    ["cost[min]", "cost[max]", "priceMin", "priceMax"].every((name) => params.getAll(name).every(price)) &&
    params.getAll("page").every((v) => pageNumber(v, 1000) !== null)
  );
}

function listing(url: URL, brand: boolean): ReadQuery {
  const read = readCatalogFilter(parseQuery(url));
  const scope = { kind: brand ? "brand" : "category", slug: "" } as const;
  return {
    key: filterQuery(scopedFilter(scope, read), {}, scope).slice(1),
    invalid: !listingValuesValid(url.searchParams),
    reads: LISTING,
    filter: read,
  };
}

/** What the page of this kind reads from this URL. */
export function readPageQuery(kind: PageQuery, url: URL): ReadQuery {
  const params = url.searchParams;
  switch (kind) {
    case "none":
      return { key: "", invalid: false, reads: NONE };
    case "pager":
    case "reviews": {
      const page = pageNumber(params.get("page"), 1000);
      // `sent` is the one-off thanks after a review is posted: the page with it is not kept (see reviews-page).
      const sent =
        kind === "reviews" && params.has("sent") ? `sent=${encodeURIComponent(params.get("sent") ?? "")}` : "";
      return {
        key: [sent, pageKey(page ?? 1)].filter(Boolean).sort().join("&"),
        invalid: page === null,
        reads: kind === "reviews" ? new Set(["page", "sent"]) : PAGE,
      };
    }
    case "category-listing":
      return listing(url, false);
    case "brand-listing":
      return listing(url, true);
    case "search": {
      const q = typedSearchText(params.get("q") ?? undefined);
      const page = pageNumber(params.get("page"), 100);
      return {
        key: searchKey(q, page ?? 1),
        invalid: page === null,
        reads: SEARCH,
      };
    }
    case "sent": {
      const sent = params.get("sent");
      return { key: sent ? `sent=${encodeURIComponent(sent)}` : "", invalid: false, reads: new Set(["sent"]) };
    }
    case "variant": {
      const variant = params.get("variant");
      // An empty one is no shade at all; an unknown one is the product page's own 301 (it knows its variants).
      return {
        key: variant ? `variant=${encodeURIComponent(variant)}` : "",
        invalid: variant === "",
        reads: new Set(["variant"]),
      };
    }
  }
}

/**
 * Where an invalid query is sent: the path with the page's parameters in their one spelling,
 * and every parameter the page does not read (a campaign's, a referrer's) left as it came.
 */
export function canonicalUrl(url: URL, query: ReadQuery): string {
  const kept = new URLSearchParams([...url.searchParams].filter(([name]) => !query.reads.has(name)));
  const rest = kept.toString();
  const search = [query.key, rest].filter(Boolean).join("&");
  return `${url.pathname}${search ? `?${search}` : ""}`;
}
