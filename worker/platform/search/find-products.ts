import type { Context } from "hono";
import { foldText, indexWord, matchPhrases, type Phrase, queryWords } from "../../../shared/search-words";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { countStatement, type IndexHits, rankStatement, readCounts, readSlugs, someWords } from "./product-search";
import { searchVocabulary, type Vocabulary } from "./search-vocabulary";
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

/** The outcome of looking words up, as held: the query's own text is put back on each use. */
interface Found extends IndexHits {
  /** Whether the corrected words were used. */
  corrected: boolean;
}

/**
 * Results held per isolate by index version and by what the words match (`resultsKey`), so a query
 * whose words match what an earlier one's did costs no D1 round trip (decision 0094: a bot's new word
 * each time). Small values: a page of slugs and two counts.
 */
const RESULTS_MAX = 2000;
const results = new IsolateCache<Found>(RESULTS_MAX);

/**
 * Products for a shopper's query from the shop's search index (never the CMS): the words as
 * typed; if no product has all of them, the words with their typos corrected, when that finds
 * products with all of them (or with some, when the words as typed found none at all). Null when
 * there is no index yet and the CMS could not answer to build it.
 */
export async function findProducts(
  c: Context<AppEnv>,
  query: string,
  page: number,
  pageSize: number,
): Promise<ProductSearch | null> {
  const words = queryWords(query);
  const normalised = foldText(query);
  if (words.length === 0) return { slugs: [], total: 0, everyWord: 0, normalised, correctedQuery: null };
  const held = await searchVocabulary(c);
  if (!held) return null;
  const { vocabulary, version } = held;
  const fixedWords = correctSpelling(vocabulary, words);
  const key = version && `${version}|${page}|${pageSize}|${resultsKey(vocabulary, words, fixedWords)}`;
  let found = key ? results.get(key)?.value : undefined;
  if (!found) {
    found = await lookUp(c.env.DB, words, fixedWords, page, pageSize);
    if (key) results.set(key, found);
  }
  const { corrected, ...hits } = found;
  return {
    ...hits,
    normalised,
    correctedQuery: corrected && fixedWords ? correctedText(query, words, fixedWords) : null,
  };
}

/**
 * What decides a search's results, as a key: for the "some words" match and the "every word" match,
 * the span of the vocabulary each phrase matches (search-vocabulary.ts). FTS5 ranks and counts by
 * the terms each phrase matches, so two queries whose phrases match the same terms get the same
 * results: a phrase that matches nothing adds nothing to "some words" and leaves "every word"
 * empty. The corrected words' key follows, as they are looked up too.
 */
export function resultsKey(vocabulary: Vocabulary, words: string[], fixedWords: string[] | null): string {
  const spans = (phrases: Phrase[]) => phrases.map((p) => vocabulary.span(p.word, p.prefix));
  // Phrases are OR-ed or AND-ed: their order does not change the results.
  const written = (spans: [number, number][]) =>
    spans
      .map(([from, to]) => `${from}-${to}`)
      .sort()
      .join(",");
  const keyOf = (words: string[]) => {
    const some = spans(matchPhrases(someWords(words))).filter(([from, to]) => to > from);
    const every = spans(matchPhrases(words));
    return `${written(some)}/${every.some(([from, to]) => to === from) ? "none" : written(every)}`;
  };
  return fixedWords ? `${keyOf(words)}>${keyOf(fixedWords)}` : keyOf(words);
}

/**
 * The words as typed when a product has them all; otherwise their correction, when it finds more.
 * Both are looked up in one round trip to D1.
 */
export async function lookUp(
  db: D1Database,
  words: string[],
  fixedWords: string[] | null,
  page: number,
  pageSize: number,
): Promise<Found> {
  const [counted, ranked, fixedCounted, fixedRanked] = await db.batch([
    countStatement(db, words),
    rankStatement(db, words, page, pageSize),
    ...(fixedWords ? [countStatement(db, fixedWords), rankStatement(db, fixedWords, page, pageSize)] : []),
  ]);
  const exact = { slugs: readSlugs(ranked), ...readCounts(counted), corrected: false };
  if (exact.everyWord > 0 || !fixedWords) return exact;
  const counts = readCounts(fixedCounted);
  if (counts.everyWord === 0 && !(exact.total === 0 && counts.total > 0)) return exact;
  return { slugs: readSlugs(fixedRanked), ...counts, corrected: true };
}
