import { foldText, indexWord, queryWords } from "../../../shared/search-words";
import type { ShopBindings } from "../app-env";
import { countStatement, type IndexHits, rankStatement, readCounts, readSlugs } from "./product-search";
import { builtStatement, ensureSearchIndex, readBuilt } from "./search-index-build";
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
  env: ShopBindings,
  query: string,
  page: number,
  pageSize: number,
): Promise<ProductSearch | null> {
  const words = queryWords(query);
  const search: Search = { query, words, normalised: foldText(query), page, pageSize };
  if (words.length === 0)
    return { slugs: [], total: 0, everyWord: 0, normalised: search.normalised, correctedQuery: null };
  const db = env.DB;
  // The usual search is one round trip to D1: is the index built, the counts and the ranked page.
  const [built, counted, ranked] = await db.batch([
    builtStatement(db),
    countStatement(db, words),
    rankStatement(db, words, page, pageSize),
  ]);
  if (readBuilt(built)) return settle(db, search, counted, ranked);
  if (!(await ensureSearchIndex(env))) return null;
  const [again, againRanked] = await db.batch([countStatement(db, words), rankStatement(db, words, page, pageSize)]);
  return settle(db, search, again, againRanked);
}

interface Search {
  query: string;
  words: string[];
  normalised: string;
  page: number;
  pageSize: number;
}

/** The words as typed when a product has them all; otherwise their correction, when it finds more. */
async function settle(
  db: D1Database,
  search: Search,
  counted: D1Result<unknown> | undefined,
  ranked: D1Result<unknown> | undefined,
): Promise<ProductSearch> {
  const { query, words, normalised, page, pageSize } = search;
  const exact = { slugs: readSlugs(ranked), ...readCounts(counted), normalised, correctedQuery: null };
  if (exact.everyWord > 0) return exact;
  const fixedWords = await correctSpelling(db, words);
  if (!fixedWords) return exact;
  const [fixedCounted, fixedRanked] = await db.batch([
    countStatement(db, fixedWords),
    rankStatement(db, fixedWords, page, pageSize),
  ]);
  const counts = readCounts(fixedCounted);
  if (counts.everyWord === 0 && !(exact.total === 0 && counts.total > 0)) return exact;
  return {
    slugs: readSlugs(fixedRanked),
    ...counts,
    normalised,
    correctedQuery: correctedText(query, words, fixedWords),
  };
}
