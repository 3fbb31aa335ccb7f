import type { MailMessage } from "../../platform/mail/mailer";
import { ORDER_STATUS_LABELS, type Order, type OrderStatus } from "../../platform/stores/order-store";

/** The e-mail a shopper gets when staff move their order on: the number in the subject, the new status, tracking when shipped. */
export function statusMail(
  order: Order,
  to: OrderStatus,
  shipping: { carrier?: string; trackingNumber?: string },
  reason?: string,
): MailMessage {
  const label = ORDER_STATUS_LABELS[to];
  const lines: Record<string, string> = {
    processing: "We have confirmed your order and are getting it ready.",
    shipped: `Your order is on its way with ${shipping.carrier ?? "our courier"}. Tracking number: ${shipping.trackingNumber ?? "—"}.`,
    completed: "Your order has been delivered. We hope you enjoy it.",
    cancelled: `Your order has been cancelled.${reason ? ` Reason: ${reason}` : ""} If you paid by card, the payment is refunded to your card.`,
  };
  return {
    to: order.email,
    subject: `Your Noor Beauty order ${order.number}: ${label}`,
    text: `Dear ${order.firstName},\n\n${lines[to] ?? `Your order is now: ${label}.`}\n\nOrder ${order.number} — status: ${label}.\n\nNoor Beauty`,
    kind: "order-status",
  };
}
