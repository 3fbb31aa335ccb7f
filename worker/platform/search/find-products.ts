import { foldText, indexWord, queryWords } from "../../../shared/search-words";
import { countIndexMatches, type IndexHits, rankIndexMatches } from "./product-search";
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
 * products with all of them (or with some, when the words as typed found none at all). Null when
 * there is no index yet and the CMS could not answer to build it.
 */
export async function findProducts(
  env: Env,
  query: string,
  page: number,
  pageSize: number,
): Promise<ProductSearch | null> {
  const words = queryWords(query);
  const normalised = foldText(query);
  if (words.length === 0) return { slugs: [], total: 0, everyWord: 0, normalised, correctedQuery: null };
  if (!(await ensureSearchIndex(env))) return null;
  // Counted first, ranked once: the words that will be shown are known before a page is ranked.
  let chosen = words;
  let counts = await countIndexMatches(env.DB, words);
  let correctedQuery: string | null = null;
  if (counts.everyWord === 0) {
    const corrected = await correctSpelling(env.DB, words);
    const fixed = corrected ? await countIndexMatches(env.DB, corrected) : null;
    if (corrected && fixed && (fixed.everyWord > 0 || (counts.total === 0 && fixed.total > 0))) {
      chosen = corrected;
      counts = fixed;
      correctedQuery = correctedText(query, words, corrected);
    }
  }
  const slugs = counts.total > 0 ? await rankIndexMatches(env.DB, chosen, page, pageSize) : [];
  return { slugs, ...counts, normalised, correctedQuery };
}
