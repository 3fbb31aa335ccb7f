import { isArabicWord } from "../../../shared/arabic-words";
import { editDistance } from "../../../shared/search-words";
import type { Vocabulary } from "./search-vocabulary";

/**
 * One typo per word of five letters or more, when the words as typed find nothing: a word the
 * index does not hold is replaced by the word it does hold that is one edit away (a letter
 * missing, extra, wrong or two swapped), the one most products have. Candidates come from the
 * index's own vocabulary (held in memory, search-vocabulary.ts), only words starting with the same letter and of a length
 * one either side, a range of the vocabulary's b-tree; the edit distance is computed here. A
 * typo in the first letter is therefore not corrected (decision 0079 says why and what it costs).
 * Arabic is written without its short vowels, so its words are shorter: four letters are enough
 * there ("سيرم" → "سيروم").
 */
const MIN_LENGTH = 5;
const MIN_LENGTH_ARABIC = 4;
const CANDIDATES_MAX = 2000;

function closest(vocabulary: Vocabulary, word: string): string | null {
  const first = word.slice(0, 1);
  const next = String.fromCodePoint(first.codePointAt(0)! + 1);
  let best: { term: string; doc: number } | null = null;
  for (const candidate of vocabulary.range(first, next, word.length - 1, word.length + 1, CANDIDATES_MAX)) {
    if (editDistance(word, candidate.term, 1) > 1) continue;
    if (!best || candidate.doc > best.doc) best = candidate;
  }
  return best?.term ?? null;
}

/** The words with each unknown long word corrected; null when there is nothing to correct. */
export function correctSpelling(vocabulary: Vocabulary, words: string[]): string[] | null {
  let changed = false;
  const corrected = words.map((word) => {
    const shortest = isArabicWord(word) ? MIN_LENGTH_ARABIC : MIN_LENGTH;
    if (word.length < shortest || /\p{N}/u.test(word) || vocabulary.has(word)) return word;
    const fix = closest(vocabulary, word);
    if (fix) changed = true;
    return fix ?? word;
  });
  return changed ? corrected : null;
}
