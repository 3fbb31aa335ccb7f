/**
 * What every outgoing e-mail's words go through (mailer.ts, outboxInsert): the characters that
 * re-order text (bidi embeddings and overrides, U+202A–U+202E, and the isolates U+2066–U+2069)
 * are removed. Typed into a name or a note, U+202E makes "moc.live//:sptth" read as an address, or
 * an order number read backwards; the shop's own texts never use them (an Arabic e-mail gets its
 * direction from `dir`, shopper-mail.ts). Two things stay: right-to-left and left-to-right marks,
 * and a first-strong isolate closed on the same line (U+2068 … U+2069), which is how
 * shopper-mail.ts's `isolate` keeps an English name whole in Arabic text; a closed isolate
 * re-orders nothing outside itself, and what it holds has lost its re-ordering characters too.
 */
const REORDERING = /[\u202a-\u202e\u2066\u2067]/g;
const FSI = "\u2068";
const PDI = "\u2069";

export function withoutReordering(text: string): string {
  return closedIsolatesOnly(text.replace(REORDERING, ""));
}

/**
 * Drops each FSI no PDI closes on its line, and each PDI that closes nothing. Only the lines that hold
 * one are walked character by character: an order's e-mail is tens of kilobytes of HTML, and walking
 * all of it was a visible part of placing an order's CPU (docs/performance.md).
 */
function closedIsolatesOnly(text: string): string {
  if (!holdsIsolate(text)) return text;
  return text
    .split("\n")
    .map((line) => (holdsIsolate(line) ? closedOnLine(line) : line))
    .join("\n");
}

const holdsIsolate = (text: string): boolean => text.includes(FSI) || text.includes(PDI);

function closedOnLine(line: string): string {
  const out: string[] = [];
  const open: number[] = [];
  for (const ch of line) {
    if (ch === FSI) {
      open.push(out.length);
      out.push(ch);
    } else if (ch === PDI) {
      if (open.length > 0) {
        open.pop();
        out.push(ch);
      }
    } else {
      out.push(ch);
    }
  }
  for (const at of open) out[at] = "";
  return out.join("");
}
