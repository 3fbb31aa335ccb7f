import type { Locale } from "../constants";
import type { Promotion } from "./promotion";

/**
 * A promotion's name in a page's language (docs/decisions/0129-promotion-names-in-arabic.md): Arabic
 * pages read its Arabic name, and its English name while it has none; English pages the English name.
 */
export function promotionName(promotion: Pick<Promotion, "name" | "nameAr">, locale: Locale): string {
  const arabic = (promotion.nameAr ?? "").trim();
  return locale === "ar" && arabic !== "" ? arabic : promotion.name;
}

/**
 * The promotion as a shopper in this language reads it: its `name` in their language. What the quote
 * says of it (discount lines, gifts, nudges, refusals) and what an order keeps (order_discounts.name)
 * are then in the language of the page that quoted or placed it.
 */
export function promotionIn<P extends Promotion>(promotion: P, locale: Locale): P {
  const name = promotionName(promotion, locale);
  return name === promotion.name ? promotion : { ...promotion, name };
}

/** The longest name staff may give, in each language (the desk's form, worker/screens/staff/promotions/promotion-draft.ts). */
export const PROMOTION_NAME_MAX = 80;
