/**
 * A UAE Tax Registration Number: 15 digits (the FTA's registration certificates print it so). Typed
 * with spaces or dashes between groups, or in Arabic-Indic digits from an Arabic keyboard, it is read
 * as the 15 digits alone; anything else is not a TRN.
 */
export const TRN_DIGITS = 15;

/** The TRN as kept (15 ASCII digits), or null when `typed` is not one. */
export function readTrn(typed: string): string | null {
  const digits = typed
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\s-]/g, "");
  return /^[0-9]{15}$/.test(digits) ? digits : null;
}
