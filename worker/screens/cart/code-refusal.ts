import type { Translator } from "../../../shared/i18n/translator";
import { formatPrice } from "../../../shared/money";
import type { Refusal } from "../../../shared/promotions/promotion";
import type { CartView } from "./cart-view";

/** The sentence for why a code does not apply, in the page's language (shared/i18n/en.ts `promotions.refused`). */
export function refusalSentence(t: Translator, refusal: Refusal): string {
  const words = t.m.promotions.refused;
  switch (refusal.reason) {
    case "unknown":
      return words.unknown;
    case "expired":
      return words.expired;
    case "not-started":
      return words.notStarted;
    case "minimum":
      return t.fill(words.minimum, { amount: formatPrice(t.locale, refusal.missing) });
    case "minimum-quantity":
      return t.fill(words.minimumQuantity, { count: refusal.missing });
    case "used-up":
      return words.usedUp;
    case "used-by-you":
      return words.usedByYou;
    case "first-order":
      return words.firstOrder;
    case "not-combinable":
      return t.fill(words.notCombinable, { name: refusal.with });
    case "no-products":
      return words.noProducts;
  }
}

/** Why the bag's code (or the one typed) gives nothing now, or null when it applies or there is none. */
export function codeRefusal(view: Pick<CartView, "promotions" | "quote">): Refusal | null {
  const found = view.promotions.code;
  if (!found) return null;
  if (!found.promotion) return { reason: "unknown" };
  return view.quote.refused.find((r) => r.code === found.code)?.refusal ?? null;
}
