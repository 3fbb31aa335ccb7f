import type { Context } from "hono";
import { documentNumber } from "../../../../shared/invoices/invoice-snapshot";
import { sellerComplete } from "../../../../shared/invoices/seller";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import type { Actor } from "../../../platform/audit/staff-audit-store";
import { listDocuments } from "../../../platform/invoices/invoice-store";
import { readSeller } from "../../../platform/invoices/seller-store";
import { changeOrder } from "../../../platform/orders/order-desk-store";
import type { Order } from "../../../platform/orders/order-record";
import type { DeskAnswer } from "../desk/desk-action";
import { invoiceRefusal } from "./invoice-part";
import type { FormState } from "./staff-order";

/**
 * The desk's "Issue the tax invoice now" (decision 0116): for an order that is a supply and has none, in
 * one batch with the order's version check, its history note and the audit row.
 */
export async function issueFromDesk(c: Context<AppEnv>, order: Order, actor: Actor): Promise<DeskAnswer<FormState>> {
  const refused = invoiceRefusal(order);
  if (refused) return { again: { alert: refused }, status: 422 };
  if (!sellerComplete(await readSeller(c.env.DB))) {
    return {
      again: { alert: "Set the shop's legal name, address and TRN in Settings first: every tax invoice shows them." },
      status: 422,
    };
  }
  const saved = await changeOrder(c.env.DB, {
    order,
    seenVersion: order.version,
    actor,
    action: "invoice",
    note: "Tax invoice issued",
    issueInvoice: true,
  });
  if (!saved) return { meanwhile: true };
  const invoice = (await listDocuments(c.env.DB, order.id)).find((doc) => doc.kind === "invoice");
  return {
    done: {
      kind: "success",
      text: invoice
        ? `Tax invoice ${documentNumber("invoice", invoice.number)} issued.`
        : "This order already had its tax invoice.",
    },
    to: routePath("staff-order", { number: order.number }),
  };
}
