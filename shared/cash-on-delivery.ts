/**
 * Cash on delivery that arrives (docs/decisions/0118-cash-on-delivery-that-arrives.md): which cash
 * orders wait for the shopper's confirmation, when one is overdue, and when a phone has had its
 * last refused parcel. The checkout, the order page and the staff desk ask these, never their own rule.
 */

/** Parcels refused at the door to one phone number after which it is offered other ways to pay only. */
export const REFUSALS_ENDING_CASH = 2;

/** A cash order still unconfirmed this long after it was placed is marked on the desk (48 hours). */
export const CONFIRM_WITHIN_MS = 48 * 60 * 60 * 1000;

/**
 * A cash order at or above this total (fils: AED 1,000) is marked on the desk as a large one to confirm
 * first: a refused parcel of this size costs the most (decision 0118). A rule of thumb, changed here.
 */
export const LARGE_CASH_ORDER = 100_000;

/** An order as these rules read it. */
export interface CashOrderFacts {
  payment: string;
  status: string;
  cashConfirmedAt: string | null;
  createdAt: string;
}

/** A cash order not yet confirmed with the shopper, and not yet on its way (or over). */
export function awaitsShopperConfirmation(order: Omit<CashOrderFacts, "createdAt">): boolean {
  return (
    order.payment === "cash" && (order.status === "new" || order.status === "processing") && !order.cashConfirmedAt
  );
}

/** Waiting for the shopper's confirmation for longer than CONFIRM_WITHIN_MS at `now`. */
export function confirmationOverdue(order: CashOrderFacts, now: Date): boolean {
  return awaitsShopperConfirmation(order) && now.getTime() - Date.parse(order.createdAt) > CONFIRM_WITHIN_MS;
}

/** Whether a phone with this many parcels refused at the door may still pay in cash. */
export function cashOfferedTo(refusals: number): boolean {
  return refusals < REFUSALS_ENDING_CASH;
}
