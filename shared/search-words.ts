import { arabicIndexForms, arabicStem, foldArabic, isArabicWord, TWO_WORD_NAMES } from "./arabic-words";

/**
 * The words of a text as the search index holds them, and of a query as it is looked up: the same
 * function on both sides, so whatever it does to a word, a shopper's spelling meets the product's.
 * Case and accents are folded ("Lumière" = "lumiere"), symbols split words ("Oud & Amber"),
 * apostrophes join them ("L'Oréal" = "loreal"), American spellings become British (the shop's
 * own: "moisturizer" = "moisturiser", "color" = "colour") and plurals singular ("shampoos").
 * Arabic is written many ways for one word (shared/arabic-words.ts): its letters' variants are
 * folded, its marks and tatweel dropped, its digits made ASCII, its article and "-ات" plural taken off.
 */

/**
 * What this file makes of a text, as a number: moved on whenever a change here would index a word
 * differently. The index records the version it was built with and is rebuilt when it differs
 * (worker/platform/search/search-index-build.ts), so a shopper's words always meet the products'
 * as the same function made them.
 */
export const NORMALISER_VERSION = 3;

/** Words spelt differently in American English, inside longer words too ("colorless"). */
const SPELLING_STEMS: [RegExp, string][] = [
  [/color/g, "colour"],
  [/flavor/g, "flavour"],
  [/odor/g, "odour"],
  [/fiber/g, "fibre"],
  [/center/g, "centre"],
  [/favorite/g, "favourite"],
  [/humor/g, "humour"],
  [/^gray/, "grey"],
  [/^aluminum/, "aluminium"],
  [/^jewelry/, "jewellery"],
  [/^defense/, "defence"],
  [/^licorice/, "liquorice"],
];

/** -ize/-izer/-ization → -ise/…, only after three letters or more, so "size" and "prize" stay. */
const IZE = /^(\p{L}{3,})iz(e|es|ed|er|ers|ing|ation|ations)?$/u;
const YZE = /^(\p{L}{3,})yz(e|es|ed|er|ers|ing)$/u;

/** Lower case, accents and ligatures folded, apostrophes dropped; everything else not a letter or digit a space. */
export function foldText(text: string): string {
  return foldArabic(text)
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ø/g, "o")
    .replace(/['’`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The singular of an English plural, good enough to be the same on both sides ("roses" → "rose"). */
function singular(word: string): string {
  if (word.length <= 3 || /\p{N}/u.test(word)) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function britishSpelling(word: string): string {
  let out = word;
  for (const [pattern, british] of SPELLING_STEMS) out = out.replace(pattern, british);
  return out.replace(IZE, (_, stem: string, end = "e") => `${stem}is${end}`).replace(YZE, "$1ys$2");
}

/** One folded word as the index holds it. */
export function indexWord(word: string): string {
  if (isArabicWord(word)) return arabicStem(word);
  return singular(britishSpelling(word));
}

/** Every word of a text as the index holds it, in order (repeats kept: they weigh in ranking). */
export function indexText(text: string): string {
  const folded = foldText(text);
  if (!folded) return "";
  const words = folded.split(" ").flatMap((word) => (isArabicWord(word) ? arabicIndexForms(word) : [indexWord(word)]));
  // A two-word name also held as the one word shoppers type for it ("احمر شفاه" + "روج").
  for (const {
    words: [first, second],
    word,
  } of TWO_WORD_NAMES) {
    for (let i = words.length - 2; i >= 0; i--)
      if (words[i] === first && words[i + 1] === second) words.splice(i + 2, 0, word);
  }
  return words.join(" ");
}

/** At most this many words of a query are looked up, each at most this long. */
export const QUERY_WORDS_MAX = 8;
const WORD_MAX_LENGTH = 40;

/** The query's words as the index holds them: distinct, at most eight, none longer than 40 letters. */
export function queryWords(query: string): string[] {
  const words = foldText(query)
    .split(" ")
    .filter((w) => w.length > 0 && w.length <= WORD_MAX_LENGTH)
    .map(indexWord);
  return [...new Set(words)].slice(0, QUERY_WORDS_MAX);
}

/** One phrase of a MATCH expression: a word, or every word it begins. */
export interface Phrase {
  word: string;
  prefix: boolean;
}

/** The phrases of a MATCH for these index words: the last one a prefix, as the shopper may still be typing. */
export function matchPhrases(words: string[], prefixLast = true): Phrase[] {
  return words.map((word, i) => ({ word, prefix: prefixLast && i === words.length - 1 && word.length >= 2 }));
}

/**
 * An FTS5 MATCH expression from index words (matchPhrases): each quoted (they hold only letters and
 * digits, so no shopper input can make FTS syntax). "all" needs every word, "any" one of them.
 */
export function matchExpression(words: string[], mode: "all" | "any", prefixLast = true): string {
  return matchPhrases(words, prefixLast)
    .map(({ word, prefix }) => `"${word.replace(/"/g, "")}"${prefix ? "*" : ""}`)
    .join(mode === "all" ? " " : " OR ");
}

/** Levenshtein distance with adjacent transpositions, stopping early once past `max`. */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
