import type { Availability } from "./cart-rules";

/**
 * How stock on hand (the shop's D1 record) turns the CMS's availability into what a shopper sees.
 * Listings, the product page, quick view, the filter and the bag all ask this one function.
 */

/** At or below this many on hand a page says "Only N left". */
export const LOW_STOCK_AT = 5;

export interface StockState {
  availability: Availability;
  /** How many are left when it is few enough to say so; null otherwise. */
  left: number | null;
}

/**
 * `onHand` undefined: the SKU is not counted (no stock row), the CMS's word stands. None on hand:
 * out of stock, unless the CMS allows selling ahead (pre-purchase). Some on hand: in stock, unless
 * the CMS took the item off sale (out of stock or none stay as the editor set them).
 */
export function stockState(cms: Availability, onHand: number | undefined): StockState {
  if (onHand === undefined) return { availability: cms, left: null };
  if (onHand <= 0) return { availability: cms === "prepurchase" ? "prepurchase" : "out_of_stock", left: null };
  if (cms === "out_of_stock" || cms === "none") return { availability: cms, left: null };
  return { availability: "in_stock", left: onHand <= LOW_STOCK_AT ? onHand : null };
}

/** "Tell me when it's back" is offered for these; "none" is an item the shop stopped selling. */
export function offersStockAlert(availability: Availability): boolean {
  return availability === "out_of_stock" || availability === "prepurchase";
}
