/* The words a shopper typed into search, as the CMS can look them up. */
/**
 * The CMS matches each word with LIKE, and D1 refuses patterns past 50 bytes, so the
 * CMS caps a word at 48 bytes once `%`, `_` and `\\` are escaped. No product has a word
 * that long, so such a word is left out (and the page says so) rather than failing the
 * whole search with "not available" and emptying the suggestions.
 */
export const SEARCH_WORD_MAX_BYTES = 48;

function tooLong(word: string): boolean {
  return new TextEncoder().encode(word.replace(/[\\%_]/g, "\\$&")).length > SEARCH_WORD_MAX_BYTES;
}

function typedWords(raw: string | undefined): string[] {
  return (raw ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100)
    .split(" ")
    .filter((word) => word.length > 0);
}

/** What was typed, spaces collapsed and trimmed, at most 100 characters: one spelling of a search for its kept page. */
export function typedSearchText(raw: string | undefined): string {
  return typedWords(raw).join(" ");
}

/** The words to look for: trimmed, at most 100 characters, without words past 48 bytes. */
export function readSearchQuery(raw: string | undefined): string {
  return typedWords(raw)
    .filter((word) => !tooLong(word))
    .join(" ");
}

/** The words readSearchQuery left out for being too long. */
export function leftOutWords(raw: string | undefined): string[] {
  return typedWords(raw).filter(tooLong);
}
