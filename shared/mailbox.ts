/**
 * The mailbox an e-mail address delivers to, for counting one person once: the address lower-cased,
 * with any `+tag` of its local part removed ("Layla+sale@Example.com" → "layla@example.com").
 * Per-shopper promotion limits count a guest by it (docs/promotions.md).
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  const local = address.slice(0, at).replace(/\+.*$/, "");
  return `${local}${address.slice(at)}`;
}
