import { foldText, indexWord, queryWords } from "../../../shared/search-words";
import { type IndexHits, searchProductIndex } from "./product-search";
import { ensureSearchIndex } from "./search-index-build";
import { correctSpelling } from "./spelling-correction";

export interface ProductSearch extends IndexHits {
  /** The query as the index looked it up (folded words), for counting searches that found nothing. */
  normalised: string;
  /** The query with its typos corrected, when the words as typed found nothing and these did. */
  correctedQuery: string | null;
}

/** The typed query with each corrected word replaced, the rest as typed (folded). */
function correctedText(query: string, words: string[], corrected: string[]): string {
  const fixes = new Map(words.map((w, i) => [w, corrected[i]!]));
  return foldText(query)
    .split(" ")
    .map((w) => {
      const fix = fixes.get(indexWord(w));
      return fix && fix !== indexWord(w) ? fix : w;
    })
    .join(" ");
}

/**
 * Products for a shopper's query from the shop's search index (never the CMS): the words as
 * typed; if no product has all of them, the words with their typos corrected, when that finds
 * products with all of them (or with some, when the words as typed found none at all).
 */
export async function findProducts(env: Env, query: string, page: number, pageSize: number): Promise<ProductSearch> {
  const words = queryWords(query);
  const normalised = foldText(query);
  if (words.length === 0) return { slugs: [], total: 0, everyWord: 0, normalised, correctedQuery: null };
  await ensureSearchIndex(env);
  const exact = await searchProductIndex(env.DB, words, page, pageSize);
  if (exact.everyWord > 0) return { ...exact, normalised, correctedQuery: null };
  const corrected = await correctSpelling(env.DB, words);
  if (corrected) {
    const fixed = await searchProductIndex(env.DB, corrected, page, pageSize);
    if (fixed.everyWord > 0 || (exact.total === 0 && fixed.total > 0))
      return { ...fixed, normalised, correctedQuery: correctedText(query, words, corrected) };
  }
  return { ...exact, normalised, correctedQuery: null };
}
