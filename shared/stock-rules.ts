import { type Availability, canBuy } from "./cart-rules";

/**
 * The one answer to "can I buy this" (decision 0107): how stock on hand (the shop's D1 record) and the
 * CMS's availability make what a shopper sees and may do. Cards, the product page, quick view, the
 * listing's order and its availability filter, the add to bag, placing the order, the back-in-stock form
 * and the staff desk all ask this one function.
 */

/** At or below this many on hand a page says "Only N left". */
export const LOW_STOCK_AT = 5;

export interface StockState {
  availability: Availability;
  /** How many are left when it is few enough to say so; null otherwise. */
  left: number | null;
}

/**
 * `onHand` undefined: the SKU is not counted (no stock row), the CMS's flag stands. Counted: the count
 * decides, whatever the CMS's flag says — some on hand is in stock, none on hand is out of stock, unless
 * the CMS sells the item ahead (pre-purchase), which sells it at 0 too. Staff take a counted item off
 * sale by setting it to 0 or by no longer counting it (then the CMS's flag stands again).
 */
export function stockState(cms: Availability, onHand: number | undefined): StockState {
  if (onHand === undefined) return { availability: cms, left: null };
  if (onHand <= 0) return { availability: cms === "prepurchase" ? "prepurchase" : "out_of_stock", left: null };
  return { availability: "in_stock", left: onHand <= LOW_STOCK_AT ? onHand : null };
}

/** Whether a shopper can put it in the bag and order it now (in stock, or sold ahead). */
export function buyable(state: Pick<StockState, "availability">): boolean {
  return canBuy(state.availability);
}

/** "Tell me when it's back" is offered exactly when the item cannot be bought (decision 0107). */
export function offersStockAlert(availability: Availability): boolean {
  return !canBuy(availability);
}
