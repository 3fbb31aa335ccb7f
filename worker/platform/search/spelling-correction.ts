import { editDistance } from "../../../shared/search-words";

/**
 * One typo per word of five letters or more, when the words as typed find nothing: a word the
 * index does not hold is replaced by the word it does hold that is one edit away (a letter
 * missing, extra, wrong or two swapped), the one most products have. Candidates come from the
 * index's own vocabulary (fts5vocab), only words starting with the same letter and of a length
 * one either side, a range of the vocabulary's b-tree; the edit distance is computed here. A
 * typo in the first letter is therefore not corrected (decision 0079 says why and what it costs).
 */
const MIN_LENGTH = 5;
const CANDIDATES_MAX = 2000;

interface VocabularyRow {
  term: string;
  doc: number;
}

async function known(db: D1Database, word: string): Promise<boolean> {
  return (await db.prepare("SELECT 1 FROM search_vocabulary WHERE term = ?1").bind(word).first()) !== null;
}

async function closest(db: D1Database, word: string): Promise<string | null> {
  const first = word.slice(0, 1);
  const next = String.fromCodePoint(first.codePointAt(0)! + 1);
  const { results } = await db
    .prepare(
      `SELECT term, doc FROM search_vocabulary
       WHERE term >= ?1 AND term < ?2 AND length(term) BETWEEN ?3 AND ?4
       LIMIT ?5`,
    )
    .bind(first, next, word.length - 1, word.length + 1, CANDIDATES_MAX)
    .all<VocabularyRow>();
  let best: VocabularyRow | null = null;
  for (const row of results) {
    if (editDistance(word, row.term, 1) > 1) continue;
    if (!best || row.doc > best.doc) best = row;
  }
  return best?.term ?? null;
}

/** The words with each unknown long word corrected; null when there is nothing to correct. */
export async function correctSpelling(db: D1Database, words: string[]): Promise<string[] | null> {
  let changed = false;
  const corrected = await Promise.all(
    words.map(async (word) => {
      if (word.length < MIN_LENGTH || /\p{N}/u.test(word) || (await known(db, word))) return word;
      const fix = await closest(db, word);
      if (fix) changed = true;
      return fix ?? word;
    }),
  );
  return changed ? corrected : null;
}
