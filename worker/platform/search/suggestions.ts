import type { Context } from "hono";
import type { TextLocale } from "../../../shared/i18n/locales";
import { productPath, routePath } from "../../../shared/links";
import { aedToFils, formatPrice } from "../../../shared/money";
import type { Suggestion } from "../../../shared/quick-view";
import { matchPhrases, queryWords } from "../../../shared/search-words";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { SEARCH_TAG } from "../caches/page-tags";
import { SALE_ALL_TAG } from "../caches/sale-tags";
import { CONTENT_TAG, versionsOf } from "../caches/versions";
import { readSales } from "../promotions/sale-store";
import { type IndexSuggestion, suggestFromIndex } from "./product-search";
import { searchVocabulary, type Vocabulary } from "./search-vocabulary";
import { correctSpelling } from "./spelling-correction";
import { type PriceOf, suggestionPrices } from "./suggestion-prices";

/**
 * The header's suggestions from the search index: up to two categories or brands, then up to
 * six products, priced and named in the request's locale (an Arabic page shows an entry's Arabic
 * name where it has one). A word that matches nothing in the index is corrected as the search page
 * corrects it (spelling-correction.ts), so "mascra" or "سيرم" suggest what "mascara" or "سيروم" do.
 * A product is priced as its card is (decision 0120): a sale's price, the old one struck through and
 * the percent off, by the one quote (suggestion-prices.ts).
 * Kept per isolate per locale, prefix and content version (caches/isolate-cache.ts; the
 * webhook moves the version on when the index changes), the version of every sale (which the desk
 * moves on adding, changing, pausing or resuming one), and no later than the next start or end of a
 * sale on what it suggests.
 */
const PRODUCTS = 6;
const NAMES = 2;
const CACHE_MAX = 500;
const settled = new IsolateCache<{ items: Suggestion[]; until: number | null }>(CACHE_MAX);

function toSuggestion(s: IndexSuggestion, locale: TextLocale, priceOf: PriceOf): Suggestion {
  const name = locale === "ar" && s.nameAr ? s.nameAr : s.name;
  if (s.kind === "product") {
    const priceLine = priceOf(s);
    return {
      kind: "product",
      name,
      brand: s.brandName,
      price: priceLine && formatPrice(locale, aedToFils(priceLine.price)),
      priceLine,
      path: productPath(s.categorySlug, s.slug),
    };
  }
  const path =
    s.kind === "category"
      ? routePath("catalog-category", { category: s.slug })
      : routePath("brands-slug", { slug: s.slug });
  return { kind: s.kind, name, brand: null, price: null, priceLine: null, path };
}

/**
 * The words to look up: as typed when each matches a word of the index (the last one as a prefix,
 * as the shopper may still be typing), else with those that match nothing corrected.
 */
export function wordsToSuggest(vocabulary: Vocabulary, words: string[]): string[] {
  const matched = matchPhrases(words).map(({ word, prefix }) => {
    const [from, to] = vocabulary.span(word, prefix);
    return to > from;
  });
  if (matched.every(Boolean)) return words;
  const fixed = correctSpelling(vocabulary, words);
  return fixed ? fixed.map((word, i) => (matched[i] ? words[i]! : word)) : words;
}

export async function suggestionsFor(c: Context<AppEnv>, query: string): Promise<Suggestion[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  // The index changes with any catalogue change (search's tag) or a reindex (the content version);
  // prices are written in the request's locale.
  const locale = c.get("locale") ?? "en";
  const key = `${await versionsOf(c, [CONTENT_TAG, SEARCH_TAG, SALE_ALL_TAG])}|${locale}|${words.join(" ")}`;
  const now = new Date();
  const kept = settled.get(key)?.value;
  if (kept && (kept.until === null || now.getTime() < kept.until)) return kept.items;
  // The vocabulary is held in the isolate; reading it builds the index first when it must.
  const held = await searchVocabulary(c);
  if (!held) return [];
  const looked = wordsToSuggest(held.vocabulary, words);
  // The sales are read beside the index (no round trip of their own).
  const [found, sales] = await Promise.all([
    suggestFromIndex(c.env.DB, looked, PRODUCTS, NAMES),
    readSales(c.env.DB, now),
  ]);
  const { priceOf, until } = await suggestionPrices(c, locale, found, sales, now);
  const items = found.map((s) => toSuggestion(s, locale, priceOf));
  settled.set(key, { items, until });
  return items;
}
