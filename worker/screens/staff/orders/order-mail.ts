import { translator } from "../../../../shared/i18n/translator";
import type { MailMessage } from "../../../platform/mail/mailer";
import { type MailLink, shopperMailBody } from "../../../platform/mail/shopper-mail";
import type { Order, OrderStatus } from "../../../platform/orders/order-record";

/**
 * The e-mail a shopper gets when staff move their order on: the number in the subject, the new
 * status, tracking when shipped. In the language the order was placed in (orders.locale), though
 * the desk that sends it is English; the reason staff type for a cancel goes as they wrote it.
 */
export function statusMail(
  order: Order,
  to: OrderStatus,
  shipping: { carrier?: string; trackingNumber?: string },
  orderLink: MailLink,
  reason?: string,
): MailMessage {
  const t = translator(order.locale);
  const words = t.m.email.status;
  const status = t.m.orders.status[to];
  const lines: Partial<Record<OrderStatus, string>> = {
    processing: words.processing,
    shipped: t.fill(words.shipped, {
      carrier: shipping.carrier ?? words.ourCourier,
      tracking: shipping.trackingNumber ?? "—",
    }),
    completed: words.completed,
    cancelled: reason ? t.fill(words.cancelledBecause, { reason }) : words.cancelled,
  };
  const subject = t.fill(words.subject, { number: order.number, status });
  return {
    to: order.email,
    subject,
    ...shopperMailBody(order.locale, subject, [
      [t.fill(t.m.email.dear, { name: order.firstName })],
      [lines[to] ?? t.fill(words.now, { status })],
      [t.fill(words.footer, { number: order.number, status })],
      [t.m.email.order.seeOrder, orderLink],
      [t.m.email.shop],
    ]),
    kind: "order-status",
  };
}
