import type { Context } from "hono";
import type { CheckoutInput } from "../../../../shared/forms/checkout";
import type { Contacts } from "../../../../shared/types/cms";
import type { AppEnv } from "../../../platform/app-env";
import type { CartOwner } from "../../../platform/bag/cart-store";
import type { NewOrderLine } from "../../../platform/orders/order-store";
import type { CartView } from "../cart-view";

/**
 * Placing an order is a list of steps, each its own file, whose statements run in the order's one D1
 * batch (worker/screens/cart/order-steps/order-write.ts): the order's rows (held for a payment on a
 * provider's page: worker/screens/cart/order-steps/payment-hold-step.ts), the stock it takes, the
 * promotions it redeems, the bag's emptying, the e-mails. A step that would break a limit (stock below
 * zero, a code past its uses) fails the whole batch, so nothing of the order is written.
 */
export interface OrderToWrite {
  c: Context<AppEnv>;
  owner: CartOwner;
  input: CheckoutInput;
  idempotencyKey: string;
  view: CartView;
  /** The shop's address for its copy of the order, when the contacts name one. */
  receiver: string | null;
  /** The shopper's keys for per-shopper limits (worker/platform/promotions/promotion-store.ts shopperKeys). */
  shopperKeys: string[];
  /** The shop's contacts, at the foot of the shopper's e-mail. */
  contacts: Contacts | null;
}

/** What every step is given: the order, this attempt's number, its lines priced by the quote, and the guard. */
export interface StepContext {
  order: OrderToWrite;
  number: string;
  lines: NewOrderLine[];
  /** The key of the order page's link in its e-mails (decision 0112), written with the order. */
  accessToken: string;
  /** True only for the attempt whose order row won (SQL over ?1 = key, ?2 = number). */
  ours: { sql: string; params: [string, string] };
}

export type OrderStep = (step: StepContext) => D1PreparedStatement[];
