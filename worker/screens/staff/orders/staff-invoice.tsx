import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { listDocuments } from "../../../platform/invoices/invoice-store";
import { InvoiceSheet } from "../../../shop/invoice/invoice-sheet";
import { renderStaffMessage, renderStaffSection } from "../desk/staff-page";
import { findOrder } from "./staff-order";

/** `/staff/orders/{number}/invoice`: the order's tax invoice and credit note as the shopper sees them, to print (decision 0116). */
export async function staffInvoicePage(c: Context<AppEnv>): Promise<Response> {
  const order = await findOrder(c);
  if (!order) return renderStaffMessage(c, "Order not found", "There is no order with that number.", 404);
  const documents = await listDocuments(c.env.DB, order.id);
  return renderStaffSection(c, `Tax invoice for order ${order.number} · Staff`, () => (
    <InvoiceSheet
      documents={documents}
      back={{ href: routePath("staff-order", { number: order.number }), label: `Order ${order.number}` }}
      confirmation={
        <p>
          No tax invoice is issued for this order yet. It is issued when a card order is paid or a cash order is
          delivered, or from the order's page.
        </p>
      }
    />
  ));
}
