import type { Messages } from "./i18n/messages-type";

/**
 * An order's status as its shopper and the staff desk read it. A Local Pickup order is stored as
 * `shipped` once it is ready for collection and `completed` once collected
 * (docs/decisions/0128-local-pickup-path-and-guest-orders-on-a-proven-e-mail.md): those two read in collection words.
 */
export function orderStatusLabel(
  orders: Pick<Messages["orders"], "status" | "pickupStatus">,
  order: { status: keyof Messages["orders"]["status"]; delivery: string },
): string {
  if (order.delivery === "pickup" && (order.status === "shipped" || order.status === "completed")) {
    return orders.pickupStatus[order.status];
  }
  return orders.status[order.status];
}
