/**
 * Links that open a WhatsApp chat with a message typed in (`https://wa.me/<digits>?text=<…>`): the
 * confirmation of a cash order, the bag sent as an order, the desk's message to a shopper
 * (docs/promotions.md). The one place such a link is built, so every one is encoded alike.
 */

/**
 * The digits of a WhatsApp number as wa.me wants them (country code, no "+", no spaces), from what
 * the CMS contacts record or a shopper holds: a wa.me link, "+971 50 412 7730", "050 412 7730"
 * (a UAE number without its country code gets 971). Null when there is no number in it.
 */
export function whatsappDigits(value: string | null | undefined): string | null {
  if (!value) return null;
  const fromLink = /wa\.me\/\+?([0-9]+)/.exec(value);
  let digits = fromLink ? fromLink[1]! : value.replace(/[^0-9]/g, "");
  if (!fromLink && /^\s*00/.test(value)) digits = digits.slice(2);
  else if (!fromLink && /^0[1-9]/.test(digits) && !/^\s*\+/.test(value)) digits = `971${digits.slice(1)}`;
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** A chat with `digits` (see whatsappDigits) with `text` typed in, every character percent-encoded. */
export function whatsappLink(digits: string, text: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
