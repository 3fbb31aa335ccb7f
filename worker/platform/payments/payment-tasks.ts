import { en } from "../../../shared/i18n/en";
import { isInstalmentProvider } from "../../../shared/instalments";
import { type Actor, auditStatement } from "../audit/staff-audit-store";
import { log } from "../log/log";
import { orderEventStatement } from "../orders/order-history-store";
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

/** The providers' names as the desk says them (English, like the rest of the desk). */
const PROVIDER_NAMES = en.checkout.instalments.names;

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

const TASK_SELECT = `SELECT t.id, t.kind, t.attempts, o.number, o.payment_method, o.payment_reference, o.total, o.carrier,
       o.tracking_number,
       EXISTS (SELECT 1 FROM payment_tasks c WHERE c.order_id = t.order_id AND c.kind = 'capture' AND c.done_at IS NOT NULL) AS captured
     FROM payment_tasks t JOIN orders o ON o.id = t.order_id`;

/**
 * A try's outcome written back: done, or the failure counted with its error and its next try. Only
 * while the task is still open, so a failure never undoes a success written meanwhile (the cron and
 * the desk's "Try again now" may meet).
 */
function outcomeStatement(db: D1Database, task: DueTask, error: string | null, now: number): D1PreparedStatement {
  if (error === null) {
    return db
      .prepare(
        "UPDATE payment_tasks SET done_at = ?2, attempts = attempts + 1, last_error = NULL WHERE id = ?1 AND done_at IS NULL",
      )
      .bind(task.id, new Date(now).toISOString());
  }
  const failures = task.attempts + 1;
  log.error("An instalment payment could not be settled; it is tried again", {
    kind: task.kind,
    reference: task.number,
    count: failures,
    error,
  });
  return db
    .prepare(
      "UPDATE payment_tasks SET attempts = attempts + 1, next_at = ?2, last_error = ?3 WHERE id = ?1 AND done_at IS NULL",
    )
    .bind(task.id, new Date(now + waitAfter(failures) * 60_000).toISOString(), error.slice(0, 500));
}

export async function runPaymentTasks(env: Env, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    `${TASK_SELECT} WHERE t.done_at IS NULL AND t.next_at <= ?1 ORDER BY t.next_at LIMIT ?2`,
  )
    .bind(new Date(now).toISOString(), PAYMENT_TASK_LIMIT)
    .all<DueTask>();
  let done = 0;
  for (const task of results) {
    const error = await attempt(env, task);
    await outcomeStatement(env.DB, task, error, now).run();
    if (error === null) done++;
  }
  return done;
}

/** What one of the desk's tries came to: the task's kind and the provider's error, or null when it was done. */
export interface RetryOutcome {
  kind: "capture" | "refund";
  attempts: number;
  error: string | null;
}

/**
 * The desk's "Try again now" (docs/decisions/0122-an-instalment-order-names-its-provider.md): each of
 * the order's open tasks that has failed is tried at once, as the cron would try it (the provider's
 * reference ids make a repeat harmless); each outcome is written with its audit row and a note in the
 * order's history, in one batch.
 */
export async function retryOrderTasks(
  env: Env,
  order: { id: number; number: string },
  actor: Actor,
  now = Date.now(),
): Promise<RetryOutcome[]> {
  const { results } = await env.DB.prepare(
    `${TASK_SELECT} WHERE t.order_id = ?1 AND t.done_at IS NULL AND t.attempts > 0 ORDER BY t.id`,
  )
    .bind(order.id)
    .all<DueTask>();
  const outcomes: RetryOutcome[] = [];
  const statements: D1PreparedStatement[] = [];
  const always = { sql: "1", params: [] };
  for (const task of results) {
    const error = await attempt(env, task);
    const outcome = { kind: task.kind, attempts: task.attempts + 1, error };
    outcomes.push(outcome);
    const said = paymentTaskSentence(task.payment_method, outcome);
    statements.push(
      outcomeStatement(env.DB, task, error, now),
      orderEventStatement(env.DB, always, { orderId: order.id, kind: "note", note: `Tried again: ${said}`, actor }),
      auditStatement(env.DB, always, {
        actor,
        action: "payment-retried",
        recordKind: "order",
        recordId: order.number,
        before: { payment: `${task.kind} failed ${task.attempts} times` },
        after: { payment: said },
      }),
    );
  }
  if (statements.length > 0) await env.DB.batch(statements);
  return outcomes;
}

/** "Capture with Tabby done." or "Capture with Tabby failed (4 times): Tabby answered 503.", for the desk. */
export function paymentTaskSentence(payment: string, outcome: RetryOutcome): string {
  const provider = isInstalmentProvider(payment) ? PROVIDER_NAMES[payment] : payment;
  const what = `${outcome.kind === "capture" ? "Capture" : "Refund"} with ${provider}`;
  return outcome.error === null
    ? `${what} done.`
    : `${what} failed (${outcome.attempts} ${outcome.attempts === 1 ? "time" : "times"}): ${outcome.error}`;
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
