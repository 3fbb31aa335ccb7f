import type { Context } from "hono";
import type { TextLocale } from "../../../shared/i18n/locales";
import { productPath, routePath } from "../../../shared/links";
import { aedToFils, formatPrice } from "../../../shared/money";
import type { Suggestion } from "../../../shared/quick-view";
import { queryWords } from "../../../shared/search-words";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { SEARCH_TAG } from "../caches/page-tags";
import { CONTENT_TAG, versionsOf } from "../caches/versions";
import { type IndexSuggestion, suggestFromIndex } from "./product-search";
import { ensureSearchIndex } from "./search-index-build";

/**
 * The header's suggestions from the search index: up to two categories or brands, then up to
 * six products, priced in the request's locale. Kept per isolate per locale, prefix and content version (caches/isolate-cache.ts; the
 * webhook moves the version on when the index changes).
 */
const PRODUCTS = 6;
const NAMES = 2;
const CACHE_MAX = 500;
const settled = new IsolateCache<Suggestion[]>(CACHE_MAX);

function toSuggestion(s: IndexSuggestion, locale: TextLocale): Suggestion {
  if (s.kind === "product") {
    return {
      kind: "product",
      name: s.name,
      brand: s.brandName,
      price: s.price === null ? null : formatPrice(locale, aedToFils(s.price)),
      path: productPath(s.categorySlug, s.slug),
    };
  }
  const path =
    s.kind === "category"
      ? routePath("catalog-category", { category: s.slug })
      : routePath("brands-slug", { slug: s.slug });
  return { kind: s.kind, name: s.name, brand: null, price: null, path };
}

export async function suggestionsFor(c: Context<AppEnv>, query: string): Promise<Suggestion[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  // The index changes with any catalogue change (search's tag) or a reindex (the content version);
  // prices are written in the request's locale.
  const locale = c.get("locale") ?? "en";
  const key = `${await versionsOf(c, [CONTENT_TAG, SEARCH_TAG])}|${locale}|${words.join(" ")}`;
  const kept = settled.get(key);
  if (kept) return kept.value;
  if (!(await ensureSearchIndex(c.env))) return [];
  const items = (await suggestFromIndex(c.env.DB, words, PRODUCTS, NAMES)).map((s) => toSuggestion(s, locale));
  settled.set(key, items);
  return items;
}
