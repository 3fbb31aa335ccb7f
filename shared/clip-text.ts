/**
 * Shortens a text to at most `max` characters for a meta description or a snippet: cut at the last
 * space that fits, with "…" after it, so no word is cut in half, in English or Arabic alike. A text
 * with no space early enough (one long word, a script written without spaces) is cut between two
 * characters as a reader sees them (graphemes: an accent or a surrogate pair is never split off).
 * Punctuation left dangling at the cut (a comma, "،", a colon, a dash) goes before the "…".
 */
const ELLIPSIS = "…";
const DANGLING = /[\s,،;؛:\-–—(«"'“‘]+$/u;

export function clipText(text: string, max: number): string {
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].map((s) => s.segment);
  if (graphemes.length <= max) return text;
  // Room for the ellipsis; what is kept is at most max - 1 graphemes.
  const kept = graphemes.slice(0, max - 1);
  // A space right after the kept part means the last kept word is whole.
  const lastSpace = /\s/u.test(graphemes[max - 1] ?? "") ? kept.length : kept.findLastIndex((g) => /\s/u.test(g));
  // A cut word is dropped when a space falls in the second half; otherwise the text is one long word.
  const head = lastSpace >= max / 2 ? kept.slice(0, lastSpace) : kept;
  return head.join("").replace(DANGLING, "") + ELLIPSIS;
}
