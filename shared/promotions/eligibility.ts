import type { Fils } from "../money";
import { type Promotion, type PromotionLine, type PromotionUsage, type Refusal, targets } from "./promotion";

/** What a promotion's conditions are checked against: the bag, the clock, the shopper. */
export interface Conditions {
  lines: readonly PromotionLine[];
  /** The bag's subtotal before any discount. */
  subtotal: Fils;
  now: Date;
  usage: PromotionUsage;
  /** The shopper has placed an order before (an account's, else the mailbox's or phone's). */
  ordered: boolean;
}

/**
 * Why the promotion does not apply to this bag now, or null when it does. Checked in this order,
 * so a shopper hears the first thing to change: when it runs, whether any is left, whether it is
 * theirs to use, what the bag lacks.
 */
export function refusalOf(promotion: Promotion, c: Conditions): Refusal | null {
  const now = c.now.getTime();
  if (promotion.endsAt && now >= Date.parse(promotion.endsAt)) return { reason: "expired" };
  if (promotion.paused) return { reason: "expired" };
  if (promotion.startsAt && now < Date.parse(promotion.startsAt)) return { reason: "not-started" };
  if (promotion.usesMax !== null && c.usage.used >= promotion.usesMax) return { reason: "used-up" };
  if (promotion.usesPerShopper !== null && c.usage.byShopper >= promotion.usesPerShopper)
    return { reason: "used-by-you" };
  if (promotion.firstOrderOnly && c.ordered) return { reason: "first-order" };
  const mine = c.lines.filter((line) => targets(promotion, line));
  if (mine.length === 0) return { reason: "no-products" };
  if (c.subtotal < promotion.minSubtotal) return { reason: "minimum", missing: promotion.minSubtotal - c.subtotal };
  const units = mine.reduce((n, line) => n + line.quantity, 0);
  if (units < promotion.minQuantity) return { reason: "minimum-quantity", missing: promotion.minQuantity - units };
  return null;
}
