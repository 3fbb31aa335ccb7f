import { isInstalmentProvider } from "../../../shared/instalments";
import { log } from "../log/log";
import { instalmentProvider } from "./configured-instalments";

/**
 * The cron's step that settles instalment orders with their provider (decision 0119): each capture
 * (queued when the desk marks the order shipped) and refund (queued when it cancels an authorised
 * one) is tried until the provider says yes. A failure waits longer each time, from five minutes to
 * six hours, and is tried again; the provider's own keys (capture-{number}, …) make a repeat after a
 * lost answer harmless. Answers how many were done this run.
 */
export const PAYMENT_TASK_LIMIT = 20;
const FIRST_WAIT_MINUTES = 5;
const LONGEST_WAIT_MINUTES = 360;

interface DueTask {
  id: number;
  kind: "capture" | "refund";
  attempts: number;
  number: string;
  payment_method: string;
  payment_reference: string | null;
  total: number;
  carrier: string | null;
  tracking_number: string | null;
  captured: number;
}

/** Minutes to wait after the n-th failure (1, 2, …): 5, 10, 20, … up to 6 hours. */
export function waitAfter(failures: number): number {
  return Math.min(FIRST_WAIT_MINUTES * 2 ** Math.max(0, failures - 1), LONGEST_WAIT_MINUTES);
}

export async function runPaymentTasks(env: Env, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT t.id, t.kind, t.attempts, o.number, o.payment_method, o.payment_reference, o.total, o.carrier,
       o.tracking_number,
       EXISTS (SELECT 1 FROM payment_tasks c WHERE c.order_id = t.order_id AND c.kind = 'capture' AND c.done_at IS NOT NULL) AS captured
     FROM payment_tasks t JOIN orders o ON o.id = t.order_id
     WHERE t.done_at IS NULL AND t.next_at <= ?1 ORDER BY t.next_at LIMIT ?2`,
  )
    .bind(new Date(now).toISOString(), PAYMENT_TASK_LIMIT)
    .all<DueTask>();
  let done = 0;
  for (const task of results) {
    const error = await attempt(env, task);
    if (error === null) {
      await env.DB.prepare(
        "UPDATE payment_tasks SET done_at = ?2, attempts = attempts + 1, last_error = NULL WHERE id = ?1",
      )
        .bind(task.id, new Date(now).toISOString())
        .run();
      done++;
      continue;
    }
    const failures = task.attempts + 1;
    log.error("An instalment payment could not be settled; it is tried again", {
      kind: task.kind,
      reference: task.number,
      count: failures,
      error,
    });
    await env.DB.prepare("UPDATE payment_tasks SET attempts = ?2, next_at = ?3, last_error = ?4 WHERE id = ?1")
      .bind(task.id, failures, new Date(now + waitAfter(failures) * 60_000).toISOString(), error.slice(0, 500))
      .run();
  }
  return done;
}

/** One try at the provider: null when it succeeded, else why not. */
async function attempt(env: Env, task: DueTask): Promise<string | null> {
  const provider = isInstalmentProvider(task.payment_method) ? instalmentProvider(env, task.payment_method) : null;
  if (!provider) return `${task.payment_method} is not configured`;
  if (!task.payment_reference) return "The order has no payment reference";
  const payment = {
    reference: task.payment_reference,
    orderNumber: task.number,
    amount: task.total,
    carrier: task.carrier,
    trackingNumber: task.tracking_number,
  };
  try {
    if (task.kind === "capture") await provider.capture(payment);
    else await provider.refund(payment, task.captured === 1);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
