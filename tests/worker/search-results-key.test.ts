import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { queryWords } from "../../shared/search-words";
import { lookUp, resultsKey } from "../../worker/platform/search/find-products";
import { Vocabulary } from "../../worker/platform/search/search-vocabulary";
import { correctSpelling } from "../../worker/platform/search/spelling-correction";
import { fetchWorker } from "./fetch";

/**
 * Results are held per isolate by what a query's words match (find-products.ts `resultsKey`), so
 * that claim is checked here against D1 itself: queries made of the index's own words, words they
 * begin, typos, numbers, short words and words it does not hold are looked up one by one, and every
 * two queries with the same key must get the same page of slugs and the same counts.
 */

/** A small seeded generator: the same queries every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

let vocabulary: Vocabulary;
let terms: string[];

beforeAll(async () => {
  // The first search builds the index.
  expect((await fetchWorker("/search?q=serum")).status).toBe(200);
  const { results } = await env.DB.prepare("SELECT term, doc FROM search_vocabulary").all<{
    term: string;
    doc: number;
  }>();
  vocabulary = Vocabulary.of(results);
  terms = results.map((r) => r.term).filter((t) => /^\p{L}/u.test(t));
  expect(terms.length).toBeGreaterThan(100);
});

function makeQueries(count: number): string[] {
  const next = random(22);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const word = (): string => {
    const term = pick(terms);
    switch (Math.floor(next() * 7)) {
      case 0:
        return term.slice(0, 2 + Math.floor(next() * 3)); // a word being typed
      case 1:
        return term.length >= 6 ? term.slice(0, 2) + term.slice(3) : term; // a letter missing
      case 2:
        return Math.floor(next() * 36 ** 3).toString(36); // a bot's word
      case 3:
        return pick(["c", "b5", "30", "50ml", "spf"]);
      case 4:
        return `${term}x`;
      default:
        return term;
    }
  };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 3) }, word).join(" "));
}

describe("results held by what the words match", () => {
  it("gives every two queries with the same key the same results, on the first page and the second", async () => {
    for (const page of [1, 2]) {
      const byKey = new Map<string, { query: string; found: unknown }>();
      let shared = 0;
      for (const query of makeQueries(400)) {
        const words = queryWords(query);
        const fixed = correctSpelling(vocabulary, words);
        const key = resultsKey(vocabulary, words, fixed);
        const found = await lookUp(env.DB, words, fixed, page, 12);
        const first = byKey.get(key);
        if (!first) {
          byKey.set(key, { query, found });
          continue;
        }
        shared++;
        expect(found, `"${query}" and "${first.query}" (key ${key})`).toEqual(first.found);
      }
      // The check means something: many queries did share a key with another.
      expect(shared).toBeGreaterThan(40);
    }
  }, 60_000);

  it("keys apart queries whose words match differently", () => {
    const key = (q: string) => {
      const words = queryWords(q);
      return resultsKey(vocabulary, words, correctSpelling(vocabulary, words));
    };
    expect(key("serum zq7")).toBe(key("serum x9k"));
    expect(key("serum")).not.toBe(key("serum zq7"));
    expect(key("serum mascara")).not.toBe(key("mascara"));
    expect(key("serum mascara")).toBe(key("mascara serum"));
  });
});
