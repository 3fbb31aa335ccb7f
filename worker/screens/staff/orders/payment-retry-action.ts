import type { Context } from "hono";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import type { Actor } from "../../../platform/audit/staff-audit-store";
import type { Order } from "../../../platform/orders/order-record";
import { paymentTaskSentence, retryOrderTasks } from "../../../platform/payments/payment-tasks";
import type { DeskAnswer } from "../desk/desk-action";
import type { FormState } from "./staff-order";

/**
 * "Try again now" on an instalment order's desk page (worker/screens/staff/orders/payment-tasks-part.tsx):
 * posted to the order's page like every desk action (origin-checked, refused from an older copy), each
 * failing capture or refund tried once more and audited (worker/platform/payments/payment-tasks.ts).
 * The flash says each outcome; a failure stays for the cron to try again at its next time.
 */
export async function retryPayment(c: Context<AppEnv>, order: Order, actor: Actor): Promise<DeskAnswer<FormState>> {
  const outcomes = await retryOrderTasks(c.env, order, actor);
  if (outcomes.length === 0) {
    return {
      again: { alert: "Nothing to try again: this order's payment tasks are done or not yet tried." },
      status: 422,
    };
  }
  const said = outcomes.map((outcome) => paymentTaskSentence(order.payment, outcome)).join(" ");
  const failed = outcomes.some((outcome) => outcome.error !== null);
  return {
    done: {
      kind: failed ? "error" : "success",
      text: failed ? `${said} The cron tries again later.` : said,
    },
    to: routePath("staff-order", { number: order.number }),
  };
}
