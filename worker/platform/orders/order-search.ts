/**
 * What the staff desk's order search looks for, as keys migrations/0083 indexes: the typed text
 * is an order number, an e-mail address (kept in lower case), the start of a name, or a whole
 * phone number. Each is an equality or a range on an index, so a search reads only the rows it
 * finds, however many orders there are.
 */
export interface OrderSearchKeys {
  number: string;
  email: string;
  /**
   * Single spaces, A–Z lowered as SQLite's lower() does (ASCII only, so "É" stays as typed on
   * both sides): compared with the start of `search_name` and `search_last_name`.
   */
  namePrefix: string;
  /** The phone number as `phone_key` keeps it, or null when the text is no whole number. */
  phoneKey: string | null;
}

/** The end of a prefix range: every text that starts with the prefix sorts below prefix + U+10FFFF. */
export const PREFIX_END = "\u{10FFFF}";

/** The shortest whole phone number the checkout accepts: a UAE landline's 8 digits. */
const PHONE_KEY_MIN = 8;

/**
 * A phone number's key, by the rules of `phone_key` in migrations/0083: the digits, without
 * the UAE's 00971, 971 or 0 before the number, so every way of writing it gives one key.
 */
export function phoneKey(typed: string): string | null {
  if (/[a-z@]/i.test(typed)) return null;
  const digits = typed.replace(/\D/g, "");
  const key = digits.startsWith("00971")
    ? digits.slice(5)
    : digits.startsWith("971")
      ? digits.slice(3)
      : digits.startsWith("0")
        ? digits.slice(1)
        : digits;
  return key.length >= PHONE_KEY_MIN ? key : null;
}

export function orderSearchKeys(typed: string): OrderSearchKeys {
  const text = typed.trim().replace(/\s+/g, " ");
  return {
    number: text.toUpperCase(),
    email: text.toLowerCase(),
    namePrefix: text.replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
    phoneKey: phoneKey(text),
  };
}
