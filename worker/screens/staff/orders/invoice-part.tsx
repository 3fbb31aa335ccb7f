import { documentNumber, type IssuedDocument } from "../../../../shared/invoices/invoice-snapshot";
import { routePath } from "../../../../shared/links";
import type { Order } from "../../../platform/orders/order-record";
import { DeskForm } from "../desk/staff-record";

/**
 * The order's tax documents on its desk page (decision 0116): the invoice and credit note with a link to
 * their page, or, for an order that is a supply without one (placed before invoices, or paid while the
 * seller's TRN was empty), a button that issues it.
 */
export const INVOICE_ACTION = "invoice";

/**
 * Why an invoice cannot be issued for the order now; null when it can: only an order that is a supply
 * (a card order paid, a cash order delivered) gets one.
 */
export function invoiceRefusal(order: Pick<Order, "status" | "payment">): string | null {
  if (order.status === "cancelled") return "This order is cancelled: it gets no tax invoice.";
  if (order.payment === "cash" && order.status !== "completed") {
    return "A cash order's tax invoice is issued when it is delivered: mark it delivered first.";
  }
  if (order.status === "awaiting_payment" || order.status === "new") {
    return "This card order is not paid yet: its invoice is issued when it is.";
  }
  return null;
}

export function InvoicePart({ order, documents }: { order: Order; documents: IssuedDocument[] }) {
  const page = routePath("staff-order-invoice", { number: order.number });
  return (
    <section aria-labelledby="invoice-heading">
      <h2 id="invoice-heading">Tax invoice</h2>
      {documents.length > 0 ? (
        <ul>
          {documents.map((doc) => (
            <li key={doc.kind}>
              {doc.kind === "invoice" ? "Tax invoice" : "Tax credit note"} {documentNumber(doc.kind, doc.number)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No tax invoice is issued yet.</p>
      )}
      <p>
        <a href={page}>{documents.length > 0 ? "Open the invoice to print" : "See the order confirmation"}</a>
      </p>
      {documents.length === 0 && invoiceRefusal(order) === null && (
        <DeskForm
          to={routePath("staff-order", { number: order.number })}
          className="staff-action"
          intent={INVOICE_ACTION}
          version={order.version}
          submit="Issue the tax invoice now"
          outlined
        />
      )}
    </section>
  );
}
