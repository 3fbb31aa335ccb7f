import { en } from "../../../../shared/i18n/en";
import { isInstalmentProvider } from "../../../../shared/instalments";
import { routePath } from "../../../../shared/links";
import type { Order } from "../../../platform/orders/order-record";
import { isFailing, type PaymentTask } from "../../../platform/payments/payment-task-store";
import { staffDate } from "../desk/staff-page";
import { DeskForm } from "../desk/staff-record";

/**
 * An instalment order's captures and refunds on its desk page (decision 0122): what the cron still has
 * to get from Tabby or Tamara, a failing one in a clear line ("Capture with Tabby failed 3 times; last
 * error …; next try at …") with "Try again now", which tries it at once as the cron would
 * (worker/platform/payments/payment-tasks.ts): the provider's reference ids make a repeat harmless.
 */

/** The action "Try again now" posts (worker/screens/staff/orders/payment-retry-action.ts). */
export const RETRY_PAYMENT = "payment-retry";

function providerOf(order: Order): string {
  return isInstalmentProvider(order.payment) ? en.checkout.instalments.names[order.payment] : order.payment;
}

function taskLine(order: Order, task: PaymentTask): string {
  const what = `${task.kind === "capture" ? "Capture" : "Refund"} with ${providerOf(order)}`;
  if (task.doneAt) return `${what} done ${staffDate.format(new Date(task.doneAt))}.`;
  const next = staffDate.format(new Date(task.nextAt));
  if (task.attempts === 0) return `${what} queued; the cron tries it at ${next}.`;
  const times = `${task.attempts} ${task.attempts === 1 ? "time" : "times"}`;
  return `${what} failed ${times}; last error: ${task.lastError ?? "none given"}; next try at ${next}.`;
}

export function PaymentTasks({ order, tasks }: { order: Order; tasks: PaymentTask[] }) {
  if (tasks.length === 0) return null;
  const failing = tasks.some(isFailing);
  return (
    <section className="staff-payment-tasks" aria-labelledby="payment-tasks-title">
      <h2 id="payment-tasks-title">With {providerOf(order)}</h2>
      <ul>
        {tasks.map((task) => (
          <li key={task.kind} className={isFailing(task) ? "staff-payment-tasks__failing" : undefined}>
            {isFailing(task) ? <strong>{taskLine(order, task)}</strong> : taskLine(order, task)}
          </li>
        ))}
      </ul>
      {failing && (
        <DeskForm
          to={routePath("staff-order", { number: order.number })}
          className="staff-action staff-action--payment-retry"
          intent={RETRY_PAYMENT}
          version={order.version}
          submit="Try again now"
          outlined
        />
      )}
    </section>
  );
}
