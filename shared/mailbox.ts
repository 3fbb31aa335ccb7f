/**
 * The inbox an e-mail address delivers to, for counting what is sent to it: limits keyed on the
 * address as typed are beaten by writing it another way (`bomb+1@example.com`, `bomb+2@…`, `B.o.m.b@gmail.com`).
 * The rule (decision 0102): case folded; the local part's `+tag` removed (most providers deliver
 * `name+anything` to `name`); for gmail.com and googlemail.com (one provider) dots in the local
 * part removed too, and the domain written gmail.com. Only for keys: mail still goes to the address as typed.
 */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

export function mailboxOf(address: string): string {
  const folded = address.trim().toLowerCase();
  const at = folded.lastIndexOf("@");
  if (at <= 0) return folded;
  let local = folded.slice(0, at);
  let domain = folded.slice(at + 1);
  const plus = local.indexOf("+");
  // `+tag` alone (no name before it) is a name of its own: kept.
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll(".", "") || local;
    domain = dotless;
  }
  return `${local}@${domain}`;
}
