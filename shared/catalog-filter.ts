import type { Section } from "./i18n/messages-type";
import { routePath } from "./links";

/**
 * The smart filter (spec section 3: maker, model, year, cost, availability),
 * as it lives in the URL. Parsing ignores what it doesn't understand.
 */
export type SortKey = "popular" | "price-asc" | "price-desc" | "newest";
/** The sorts, in the order the listing offers them (their names: the catalogue's listing.sorts). */
export const SORTS: { key: SortKey; cms: string[] }[] = [
  { key: "popular", cms: ["popularity:desc"] },
  { key: "price-asc", cms: ["price:asc"] },
  { key: "price-desc", cms: ["price:desc"] },
  { key: "newest", cms: ["publishedAt:desc"] },
];
export const AVAILABILITY_FILTERS = ["in_stock", "prepurchase", "out_of_stock"] as const;
export type AvailabilityFilter = (typeof AVAILABILITY_FILTERS)[number];

export interface CatalogFilter {
  maker: string[];
  model: string[];
  year: number[];
  priceMin: number | null;
  priceMax: number | null;
  availability: AvailabilityFilter[];
  sort: SortKey;
  page: number;
}

/**
 * Where a listing's products come from: one category (the maker facet picks brands, the model
 * facet one maker's lines) or one brand (its lines are the model facet; there is no maker facet).
 */
export type ListingScope = { readonly kind: "category" | "brand"; readonly slug: string };

/** The page a listing lives on. */
export function listingPath(scope: ListingScope): string {
  return scope.kind === "brand"
    ? routePath("brands-slug", { slug: scope.slug })
    : routePath("catalog-category", { category: scope.slug });
}

/** The filter a page of this scope reads from its query: a brand page has no maker facet. */
export function scopedFilter(scope: ListingScope, filter: CatalogFilter): CatalogFilter {
  return scope.kind === "brand" ? { ...filter, maker: [] } : filter;
}

/** Whether the model (line) facet counts: within one brand always, in a category only for exactly one maker. */
function linesApply(scope: ListingScope | undefined, filter: Pick<CatalogFilter, "maker">): boolean {
  return scope?.kind === "brand" || filter.maker.length === 1;
}

const SLUG = /^[a-z0-9-]{1,80}$/;

function list(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.filter((v): v is string => typeof v === "string").flatMap((v) => v.split(","));
}

function price(value: unknown): number | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? Math.round(n) : null;
}

/** From a qs-parsed query object (depth 5, arrayLimit 20, parameterLimit 1000). */
export function readCatalogFilter(query: Record<string, unknown>): CatalogFilter {
  const cost = (query.cost && typeof query.cost === "object" ? query.cost : {}) as Record<string, unknown>;
  let priceMin = price(cost.min ?? query.priceMin);
  let priceMax = price(cost.max ?? query.priceMax);
  if (priceMin !== null && priceMax !== null && priceMin > priceMax) [priceMin, priceMax] = [priceMax, priceMin];
  const sort = SORTS.find((s) => s.key === query.sort)?.key ?? "popular";
  const page = Number(query.page);
  return {
    maker: [...new Set(list(query.maker).filter((v) => SLUG.test(v)))].slice(0, 20),
    model: [...new Set(list(query.model).filter((v) => SLUG.test(v)))].slice(0, 20),
    year: [
      ...new Set(
        list(query.year)
          .map(Number)
          .filter((y) => Number.isInteger(y) && y >= 1990 && y <= 2100),
      ),
    ],
    priceMin,
    priceMax,
    availability: [...new Set(list(query.availability))].filter((v): v is AvailabilityFilter =>
      (AVAILABILITY_FILTERS as readonly string[]).includes(v),
    ),
    sort,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The model control's message: models depend on exactly one maker. */
export function modelHint(
  filter: Pick<CatalogFilter, "maker">,
  texts: Pick<Section<"catalogFilter">, "chooseMakerFirst" | "chooseOneMaker">,
): string | null {
  if (filter.maker.length === 0) return texts.chooseMakerFirst;
  if (filter.maker.length > 1) return texts.chooseOneMaker;
  return null;
}

export function isFiltered(filter: CatalogFilter): boolean {
  return activeChoices(filter) > 0;
}

/** How many choices narrow the listing (each ticked box, each price bound): the phone's "Filter (3)". */
export function activeChoices(filter: CatalogFilter): number {
  return (
    filter.maker.length +
    filter.model.length +
    filter.year.length +
    filter.availability.length +
    (filter.priceMin !== null ? 1 : 0) +
    (filter.priceMax !== null ? 1 : 0)
  );
}

/** What to say when nothing matches (a brand page with no filter: the brand has nothing yet). */
export function emptyMessage(texts: Section<"listing">, filter: CatalogFilter, scope?: ListingScope): string {
  if (scope?.kind === "brand" && !isFiltered(filter)) return texts.noProductsForBrand;
  const onlyMaker =
    filter.maker.length > 0 &&
    filter.model.length + filter.year.length + filter.availability.length === 0 &&
    filter.priceMin === null &&
    filter.priceMax === null;
  return onlyMaker ? texts.noProductsForBrand : texts.noProductsForFilter;
}

/** The URL query for a filter (plain repeated keys, readable and what a GET form sends). */
export function filterQuery(
  filter: CatalogFilter,
  overrides: Partial<CatalogFilter> = {},
  scope?: ListingScope,
): string {
  const f = { ...filter, ...overrides };
  const params = new URLSearchParams();
  if (scope?.kind !== "brand") for (const m of f.maker) params.append("maker", m);
  if (linesApply(scope, f)) for (const m of f.model) params.append("model", m);
  for (const y of f.year) params.append("year", String(y));
  if (f.priceMin !== null) params.set("cost[min]", String(f.priceMin));
  if (f.priceMax !== null) params.set("cost[max]", String(f.priceMax));
  for (const a of f.availability) params.append("availability", a);
  if (f.sort !== "popular") params.set("sort", f.sort);
  if (f.page > 1) params.set("page", String(f.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * Products whose stock makes them show other than the CMS says (a lipstick with every shade at 0,
 * a pre-order item back in stock), each with what its card shows: the availability facet judges
 * these by that, and every other product by the CMS's word.
 */
export type StockJudged = ReadonlyMap<string, "in_stock" | "prepurchase" | "out_of_stock" | "none">;

/** Which facet value a shown availability falls under ("none" is shown as out of stock). */
function facetOf(shown: "in_stock" | "prepurchase" | "out_of_stock" | "none"): AvailabilityFilter {
  return shown === "none" ? "out_of_stock" : shown;
}

/** The availability facet: the CMS's word, except for the products stock judged otherwise. */
function availabilityFilter(chosen: AvailabilityFilter[], judged: StockJudged): Record<string, unknown> {
  const states = chosen.flatMap((a) => (a === "out_of_stock" ? ["out_of_stock", "none"] : [a]));
  const word = {
    or: [
      { availability: { in: states } },
      ...(chosen.includes("out_of_stock") ? [{ availability: { null: true } }] : []),
    ],
  };
  if (judged.size === 0) return word;
  const matching = [...judged].filter(([, shown]) => chosen.includes(facetOf(shown))).map(([slug]) => slug);
  return {
    or: [
      { and: [word, { slug: { notIn: [...judged.keys()] } }] },
      ...(matching.length ? [{ slug: { in: matching } }] : []),
    ],
  };
}

/** The listing's own bound as Strapi ProductFiltersInput: its category or its brand. */
export function scopeFilter(scope: ListingScope): Record<string, unknown> {
  return scope.kind === "brand" ? { brand: { slug: { eq: scope.slug } } } : { category: { slug: { eq: scope.slug } } };
}

/** The filter as Strapi ProductFiltersInput, within one category or one brand. */
export function cmsFilters(
  scope: ListingScope,
  filter: CatalogFilter,
  judged: StockJudged = new Map(),
): Record<string, unknown> {
  const and: Record<string, unknown>[] = [scopeFilter(scope)];
  if (scope.kind === "category" && filter.maker.length) and.push({ brand: { slug: { in: filter.maker } } });
  if (linesApply(scope, filter) && filter.model.length) and.push({ line: { slug: { in: filter.model } } });
  if (filter.year.length) and.push({ year: { in: filter.year } });
  if (filter.priceMin !== null) and.push({ price: { gte: filter.priceMin } });
  if (filter.priceMax !== null) and.push({ price: { lte: filter.priceMax } });
  if (filter.availability.length) and.push(availabilityFilter(filter.availability, judged));
  return { and };
}
