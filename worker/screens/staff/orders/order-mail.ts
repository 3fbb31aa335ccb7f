import { type Translator, translator } from "../../../../shared/i18n/translator";
import { isInstalmentProvider } from "../../../../shared/instalments";
import type { MailContacts } from "../../../../shared/mail-layout";
import { orderStatusLabel } from "../../../../shared/order-status-words";
import type { MailMessage } from "../../../platform/mail/mailer";
import { orderMailTable } from "../../../platform/mail/order-mail-table";
import { type MailLink, mailLink, shopperMailBody } from "../../../platform/mail/shopper-mail";
import { OTHER_CARRIER, trackingUrl } from "../../../platform/orders/carriers";
import type { Order, OrderStatus } from "../../../platform/orders/order-record";

/** A cancel's sentence: an instalment order's names its provider, which gives the money back, not "your card". */
function cancelledLine(order: Order, t: Translator): string {
  const words = t.m.email.status;
  if (isInstalmentProvider(order.payment)) {
    return t.fill(words.cancelledInstalments, { provider: t.m.checkout.instalments.names[order.payment] });
  }
  return words.cancelled;
}

/**
 * The e-mail a shopper gets when staff move their order on: the number in the subject, the new
 * status, tracking when shipped. In the language the order was placed in (orders.locale), though
 * the desk that sends it is English; the reason staff type for a cancel goes as they wrote it.
 */
export function statusMail(
  order: Order,
  to: OrderStatus,
  /** Shipped with a carrier, or (a Local Pickup order) ready with where and when to collect it. */
  shipping: { carrier?: string; trackingNumber?: string; collectAt?: string },
  orderLink: MailLink,
  reason?: string,
  contacts: MailContacts | null = null,
  /**
   * The order's tax invoice page (decision 0116): a delivered order's invoice, a cancelled one's credit note.
   * Only when that document exists once this change is saved (worker/platform/invoices/document-after-change.ts).
   */
  invoiceLink: MailLink | null = null,
): MailMessage {
  const t = translator(order.locale);
  const words = t.m.email.status;
  const status = orderStatusLabel(t.m.orders, { status: to, delivery: order.delivery });
  const pickup = order.delivery === "pickup";
  const lines: Partial<Record<OrderStatus, string>> = {
    processing: words.processing,
    shipped: pickup
      ? t.fill(words.readyForCollection, { number: order.number })
      : t.fill(words.shipped, {
          carrier: shipping.carrier && shipping.carrier !== OTHER_CARRIER ? shipping.carrier : words.ourCourier,
          tracking: shipping.trackingNumber ?? "—",
        }),
    completed: pickup ? words.collected : words.completed,
    cancelled: cancelledLine(order, t),
    refused: words.refused,
  };
  const subject = t.fill(words.subject, { number: order.number, status });
  const tracking = to === "shipped" ? trackingUrl(shipping.carrier, shipping.trackingNumber) : null;
  return {
    to: order.email,
    subject,
    ...shopperMailBody(
      order.locale,
      subject,
      [
        [t.fill(t.m.email.dear, { name: order.firstName })],
        [lines[to] ?? t.fill(words.now, { status })],
        ...(pickup && to === "shipped" && shipping.collectAt
          ? [[t.fill(words.collectAt, { place: shipping.collectAt })]]
          : []),
        // The reason staff typed is their own words: quoted, in a paragraph of its own (isolated in Arabic).
        ...(to === "cancelled" && reason?.trim() ? [[t.fill(words.reasonGiven, { reason: reason.trim() })]] : []),
        // Shipped with a carrier of the list: its tracking page, the number URL-encoded into its pattern.
        ...(tracking ? [[t.fill(words.track, { carrier: shipping.carrier ?? "" }), mailLink(tracking)]] : []),
        [t.fill(words.footer, { number: order.number, status })],
        [t.m.email.order.seeOrder, orderLink],
        ...(invoiceLink && (to === "completed" || to === "cancelled") ? [[t.m.invoice.mailLink, invoiceLink]] : []),
        // Signed once: by the contacts at the foot (their company name) when the CMS has them, else here.
        ...(contacts ? [] : [[t.m.email.shop]]),
      ],
      {
        order: { table: orderMailTable(t, order.number, order.lines, order.totals, order.discounts), at: 2 },
        contacts,
      },
    ),
    kind: "order-status",
  };
}
