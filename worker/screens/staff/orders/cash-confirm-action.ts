import type { Context } from "hono";
import { awaitsShopperConfirmation } from "../../../../shared/cash-on-delivery";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import type { Actor } from "../../../platform/audit/staff-audit-store";
import { markConfirmedWithShopper } from "../../../platform/orders/cash-confirmation-store";
import type { Order } from "../../../platform/orders/order-record";
import type { DeskAnswer } from "../desk/desk-action";
import type { FormState } from "./staff-order";

/**
 * "Confirmed with the shopper" (decision 0118): staff called or messaged the shopper of a cash order
 * and they said yes. Posted to the order's page (worker/screens/staff/orders/order-action.ts) from
 * that page or from the list's waiting cash orders (`from=list`, back to the list); audited, and
 * refused from an older copy of the page like every desk action.
 */
function whyNot(order: Order): string {
  if (order.payment !== "cash") return "Only a cash-on-delivery order is confirmed with the shopper.";
  if (order.cashConfirmedAt) return "This order was confirmed with the shopper already.";
  return "This order is past confirming with the shopper: it is shipped, delivered, cancelled or refused.";
}

export async function confirmWithShopper(
  c: Context<AppEnv>,
  order: Order,
  values: Record<string, string>,
  actor: Actor,
): Promise<DeskAnswer<FormState>> {
  if (!awaitsShopperConfirmation(order)) return { again: { alert: whyNot(order) }, status: 422 };
  const saved = await markConfirmedWithShopper(c.env.DB, {
    order,
    seenVersion: order.version,
    actor,
    now: new Date(),
  });
  if (!saved) return { meanwhile: true };
  const to = values.from === "list" ? routePath("staff-orders") : routePath("staff-order", { number: order.number });
  return { done: { kind: "success", text: `Order ${order.number}: confirmed with the shopper.` }, to };
}
