import type { OrderStatus } from "./order-record";

/** Instalment payments (decision 0119): authorised at checkout, settled with the provider later. */
const SETTLED_LATER = ["tabby", "tamara"];

/** Statuses in which an instalment order's money is authorised at the provider and not yet taken. */
const AUTHORISED: readonly OrderStatus[] = ["paid", "processing"];

/**
 * The provider's part of a desk change, in the change's own batch and only if it won (`guard`): a
 * shipped instalment order queues its capture, a cancelled one that was authorised its refund
 * (worker/platform/payments/payment-tasks.ts carries them out, retried until they succeed).
 */
export function paymentTaskStatements(
  db: D1Database,
  order: { id: number; payment: string; paymentReference: string | null; status: OrderStatus },
  to: OrderStatus | undefined,
  guard: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  if (!SETTLED_LATER.includes(order.payment) || !order.paymentReference) return [];
  const kind = to === "shipped" ? "capture" : to === "cancelled" && AUTHORISED.includes(order.status) ? "refund" : null;
  if (!kind) return [];
  return [
    db
      .prepare(`INSERT OR IGNORE INTO payment_tasks (order_id, kind) SELECT ?1, ?3 WHERE ${guard.sql}`)
      .bind(...guard.params, kind),
  ];
}
