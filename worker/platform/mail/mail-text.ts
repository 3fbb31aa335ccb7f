/**
 * What every outgoing e-mail's words go through (mailer.ts, outboxInsert): the characters that
 * re-order text (bidi embeddings, overrides and isolates, U+202A–U+202E, U+2066–U+2069) are
 * removed. Typed into a name or a note, U+202E makes "moc.live//:sptth" read as an address, or
 * an order number read backwards; the shop's own texts never use them (an Arabic e-mail gets its
 * direction from `dir`, shopper-mail.ts). Right-to-left and left-to-right marks stay: they
 * re-order nothing.
 */
const REORDERING = /[\u202a-\u202e\u2066-\u2069]/g;

export function withoutReordering(text: string): string {
  return text.replace(REORDERING, "");
}
