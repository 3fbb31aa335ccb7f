/**
 * What the desk reads of `payment_tasks` (migrations/0142_payment_tasks.sql): an order's captures and
 * refunds with their tries, and how many are failing shop-wide (decision 0122). The cron's own reads
 * and writes are in worker/platform/payments/payment-tasks.ts.
 */
export interface PaymentTask {
  kind: "capture" | "refund";
  attempts: number;
  nextAt: string;
  lastError: string | null;
  doneAt: string | null;
  createdAt: string;
}

interface PaymentTaskRow {
  kind: "capture" | "refund";
  attempts: number;
  next_at: string;
  last_error: string | null;
  done_at: string | null;
  created_at: string;
}

export async function listPaymentTasks(db: D1Database, orderId: number): Promise<PaymentTask[]> {
  const { results } = await db
    .prepare(
      "SELECT kind, attempts, next_at, last_error, done_at, created_at FROM payment_tasks WHERE order_id = ?1 ORDER BY id",
    )
    .bind(orderId)
    .all<PaymentTaskRow>();
  return results.map((row) => ({
    kind: row.kind,
    attempts: row.attempts,
    nextAt: row.next_at,
    lastError: row.last_error,
    doneAt: row.done_at,
    createdAt: row.created_at,
  }));
}

/** A task that has failed at least once and is not done yet: the provider still owes the shop an answer. */
export function isFailing(task: Pick<PaymentTask, "attempts" | "doneAt">): boolean {
  return task.doneAt === null && task.attempts > 0;
}

/** The health page's count of failing tasks and when the oldest of them was queued (one statement of its batch). */
export const FAILING_TASKS_SQL =
  "SELECT COUNT(*) AS failing, MIN(created_at) AS oldest FROM payment_tasks WHERE done_at IS NULL AND attempts > 0";
