import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { SEARCH_TAG } from "../caches/page-tags";
import { CONTENT_TAG, versionsOf } from "../caches/versions";
import { builtStatement, ensureSearchIndex, readBuilt } from "./search-index-build";

/**
 * The product index's vocabulary: every word it holds (fts5vocab, migrations/0100) with how many
 * products hold it, sorted, held in the isolate per index version (decision 0094). With it, a query's
 * words are placed in memory: which of them the index holds, which words a last word begins, and the
 * typo correction's candidates. Each word's place is a span of the sorted list, and a search's
 * results are a function of those spans (find-products.ts), so words that nobody searched before
 * but that match what another query's words matched are answered without asking D1 again.
 */
export class Vocabulary {
  /** `terms` sorted by UTF-16 code units (String's own order), `docs[i]` the products holding `terms[i]`. */
  private constructor(
    private readonly terms: readonly string[],
    private readonly docs: readonly number[],
  ) {}

  static of(rows: readonly { term: string; doc: number }[]): Vocabulary {
    const sorted = [...rows].sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
    return new Vocabulary(
      sorted.map((r) => r.term),
      sorted.map((r) => r.doc),
    );
  }

  /** The place of the first term at or after `word`. */
  private lowerBound(word: string): number {
    let low = 0;
    let high = this.terms.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.terms[mid]! < word) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  has(word: string): boolean {
    return this.terms[this.lowerBound(word)] === word;
  }

  /**
   * The terms a phrase of the MATCH matches, as the span [from, to) of the sorted list: the word
   * itself, or, for a prefix, every term it begins (they sort together). Empty when none.
   */
  span(word: string, prefix: boolean): [number, number] {
    const from = this.lowerBound(word);
    if (!prefix) return this.terms[from] === word ? [from, from + 1] : [from, from];
    let to = from;
    while (to < this.terms.length && this.terms[to]!.startsWith(word)) to++;
    return [from, to];
  }

  /**
   * Terms from `from` (inclusive) to `before` (exclusive) in the list's order, of a length between
   * `shortest` and `longest`, at most `max` of them: the b-tree range the correction used to read.
   */
  range(from: string, before: string, shortest: number, longest: number, max: number): { term: string; doc: number }[] {
    const found: { term: string; doc: number }[] = [];
    for (let i = this.lowerBound(from); i < this.terms.length && found.length < max; i++) {
      const term = this.terms[i]!;
      if (term >= before) break;
      if (term.length >= shortest && term.length <= longest) found.push({ term, doc: this.docs[i]! });
    }
    return found;
  }
}

/**
 * Index versions held (the one in use and the one before, while a change settles). A catalogue of
 * 10 000 products holds a few thousand words: a few hundred kilobytes each.
 */
const held = new IsolateCache<Vocabulary>(2);

export interface HeldVocabulary {
  vocabulary: Vocabulary;
  /** The index version it was read under, to key what is worked out from it; null when not held (the index was being built). */
  version: string | null;
}

const VOCABULARY = "SELECT term, doc FROM search_vocabulary";

/** The versions the vocabulary is held by: the webhook moves the search version on after it changes the index. */
export const INDEX_VERSIONS = [CONTENT_TAG, SEARCH_TAG];

/**
 * The index's vocabulary, held per content and search version (the webhook moves the search
 * version on after it changes the index, `search:reindex` and seeding the content version). Read
 * with the index's state in one round trip; when the index is not built whole it is built first
 * (search-index-build.ts), and the words read then are used for this request only. Null when there
 * is no index and the CMS could not answer to build it.
 */
export async function searchVocabulary(c: Context<AppEnv>): Promise<HeldVocabulary | null> {
  const version = await versionsOf(c, INDEX_VERSIONS);
  const kept = held.get(version);
  if (kept) return { vocabulary: kept.value, version };
  const db = c.env.DB;
  const [built, rows] = await db.batch<{ term: string; doc: number }>([builtStatement(db), db.prepare(VOCABULARY)]);
  if (readBuilt(built)) {
    const vocabulary = Vocabulary.of(rows?.results ?? []);
    held.set(version, vocabulary);
    return { vocabulary, version };
  }
  if (!(await ensureSearchIndex(c.env))) return null;
  const { results } = await db.prepare(VOCABULARY).all<{ term: string; doc: number }>();
  return { vocabulary: Vocabulary.of(results), version: null };
}
