import { en } from "../../../../shared/i18n/en";
import { routePath } from "../../../../shared/links";
import { orderStatusLabel } from "../../../../shared/order-status-words";
import { siteOrigin } from "../../../frame/head/site-origin";
import { getContacts } from "../../../frame/layout/layout-data";
import { documentAfterChange } from "../../../platform/invoices/document-after-change";
import { mailContacts } from "../../../platform/mail/order-mail-table";
import { mailLink } from "../../../platform/mail/shopper-mail";
import { carrierById } from "../../../platform/orders/carriers";
import { newAccessToken, orderKeyPath } from "../../../platform/orders/order-access";
import { changeOrder } from "../../../platform/orders/order-desk-store";
import type { Order } from "../../../platform/orders/order-record";
import { withStockMoves } from "../../../platform/stock/stock-moves";
import { heldSkus, lineStock } from "../../../platform/stock/stock-return-store";
import { type DeskRecord, INCOMPLETE, recordAction, sameVersion } from "../desk/desk-action";
import { renderStaffMessage } from "../desk/staff-page";
import { confirmWithShopper } from "./cash-confirm-action";
import { issueFromDesk } from "./invoice-action";
import { INVOICE_ACTION } from "./invoice-part";
import { statusMail } from "./order-mail";
import {
  CANCEL_QUESTION,
  isOrderAction,
  REFUSE_QUESTION,
  refusal,
  SHOPPER_CONFIRMED,
  TRANSITIONS,
} from "./order-workflow";
import { retryPayment } from "./payment-retry-action";
import { RETRY_PAYMENT } from "./payment-tasks-part";
import { type Errors, FIELD_MAX, type FormState, findOrder, renderOrder } from "./staff-order";

/**
 * The posts of `/staff/orders/{number}`: a status move (with the shopper's e-mail) or an internal
 * note. Each form posts the version it showed; a save from an older copy is refused.
 */
const ORDER_DESK: DeskRecord<Order, FormState> = {
  find: findOrder,
  missing: (c) => renderStaffMessage(c, "Order not found", "There is no order with that number.", 404),
  render: renderOrder,
  fresh: (order, form) =>
    sameVersion(
      form,
      order.version,
      (action) =>
        isOrderAction(action) ||
        action === "note" ||
        action === SHOPPER_CONFIRMED ||
        action === INVOICE_ACTION ||
        action === RETRY_PAYMENT,
    ),
  audit: (order) => ({ kind: "order", ref: order.number }),
  meanwhile: (_now, who, form) => ({
    alert:
      form.action === "note"
        ? `This order was changed by ${who} meanwhile. Your note is below: add it again.`
        : `This order was changed by ${who} meanwhile. Here it is as it is now: check it, then try again.`,
    values: form,
  }),
  asksFirst: (form) => (form.action === "cancel" ? CANCEL_QUESTION : form.action === "refuse" ? REFUSE_QUESTION : null),
};

function required(values: Record<string, string>, name: keyof Errors, message: string, errors: Errors): string {
  const value = (values[name] ?? "").trim();
  if (!value) errors[name] = message;
  else if (value.length > (name === "reason" || name === "note" || name === "collectAt" ? 1000 : FIELD_MAX))
    errors[name] = "This is too long.";
  return value;
}

export const postOrder = recordAction(ORDER_DESK, async ({ c, record: order, form: values, actor }) => {
  const action = values.action ?? "";
  const seenVersion = order.version;
  const back = routePath("staff-order", { number: order.number });
  const errors: Errors = {};
  if (action === "note") {
    const note = required(values, "note", "Write the note first.", errors);
    if (errors.note) return { again: { errors, values }, status: 422 };
    const saved = await changeOrder(c.env.DB, { order, seenVersion, actor, action: "note", note });
    if (!saved) return { meanwhile: true };
    return { done: { kind: "success", text: "Note added." }, to: back };
  }
  if (action === SHOPPER_CONFIRMED) return confirmWithShopper(c, order, values, actor);
  if (action === INVOICE_ACTION) return issueFromDesk(c, order, actor);
  if (action === RETRY_PAYMENT) return retryPayment(c, order, actor);
  if (!isOrderAction(action)) return { again: { alert: INCOMPLETE }, status: 422 };
  const refused = refusal(order, action);
  if (refused) return { again: { alert: refused }, status: 422 };
  const carrierId =
    action === "ship" ? required(values, "carrier", "Choose the carrier from the list.", errors) : undefined;
  // One of the list (worker/platform/orders/carriers.ts): its tracking page goes in the shopper's e-mail.
  const carrier = carrierId === undefined || errors.carrier ? undefined : carrierById(carrierId)?.name;
  if (carrierId !== undefined && !errors.carrier && !carrier) errors.carrier = "Choose the carrier from the list.";
  const trackingNumber =
    action === "ship" ? required(values, "trackingNumber", "Enter the tracking number.", errors) : undefined;
  // Where and when to collect a pickup order: it goes in the shopper's e-mail as staff wrote it.
  const collectAt =
    action === "ready"
      ? required(
          values,
          "collectAt",
          "Say where and when the shopper can collect the order: they are e-mailed it.",
          errors,
        )
      : undefined;
  const reason =
    action === "cancel"
      ? required(values, "reason", "Say why the order is cancelled: the customer is told.", errors)
      : undefined;
  if (Object.keys(errors).length > 0) return { again: { errors, values }, status: 422 };
  const to = TRANSITIONS[action].to;
  // The e-mail links to the order page with its key; an order from before keys were kept gets one now.
  const accessToken = order.accessToken ?? newAccessToken();
  const orderLink = mailLink(siteOrigin(c) + orderKeyPath(order.number, accessToken, order.locale));
  // Only a document that exists once this change is saved is linked; else the order page is the link.
  const invoiceLink = (await documentAfterChange(c.env.DB, order.id, to))
    ? mailLink(
        siteOrigin(c) +
          routePath(
            "cart-order-invoice",
            { number: order.number },
            { query: { key: accessToken }, locale: order.locale },
          ),
      )
    : null;
  const contacts = mailContacts(await getContacts(c, order.locale));
  const save = () =>
    changeOrder(c.env.DB, {
      order,
      seenVersion,
      actor,
      action,
      to,
      carrier,
      trackingNumber,
      note: reason ?? collectAt,
      mail: statusMail(order, to, { carrier, trackingNumber, collectAt }, orderLink, reason, contacts, invoiceLink),
      ...(order.accessToken ? {} : { accessToken }),
    });
  // A cancel or a refused parcel gives the order's stock back: kept pages and back-in-stock alerts follow.
  const givesBack = to === "cancelled" || to === "refused";
  const saved = givesBack
    ? await withStockMoves(c.env, siteOrigin(c), await heldSkus(c.env.DB, order.id), save)
    : await save();
  if (!saved) return { meanwhile: true };
  const returned = givesBack ? (await lineStock(c.env.DB, order.id)).reduce((sum, line) => sum + line.returned, 0) : 0;
  return {
    done: {
      kind: "success",
      text: `Order ${order.number}: ${orderStatusLabel(en.orders, { status: to, delivery: order.delivery })}. The customer is told by e-mail.${
        returned > 0 ? ` ${returned} unit${returned === 1 ? "" : "s"} went back to stock.` : ""
      }`,
    },
    to: back,
  };
});
