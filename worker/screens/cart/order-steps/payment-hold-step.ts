import type { PaymentMethod } from "../../../../shared/forms/checkout";
import type { OrderStatus } from "../../../platform/orders/order-record";

/**
 * The hold of an order paid on a provider's page (decision 0078; instalments: decision 0119): a card or
 * instalment order is written `awaiting_payment`, its stock taken meanwhile by the order's batch
 * (worker/screens/cart/order-steps/stock-step.ts), until the provider's word marks it paid or
 * worker/platform/payments/card-hold-store.ts ends the hold. A cash order is `new` at once.
 */
export function paymentHoldStep(payment: PaymentMethod): OrderStatus {
  return payment === "cash" ? "new" : "awaiting_payment";
}
