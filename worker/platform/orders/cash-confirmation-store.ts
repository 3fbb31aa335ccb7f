import type { Actor } from "../audit/staff-audit-store";
import { auditStatement } from "../audit/staff-audit-store";
import { orderEventStatement } from "./order-history-store";
import { ORDER_COLUMNS, type Order, type OrderRecord, toOrder } from "./order-record";
import { phoneKey } from "./order-search";

/**
 * D1 for cash on delivery that arrives (docs/decisions/0118-cash-on-delivery-that-arrives.md): the
 * desk's cash orders waiting for the shopper's confirmation, staff marking one confirmed, and the
 * parcels refused at the door to a phone, counted in the first batch of placing an order.
 */

/** How many waiting cash orders the desk's list shows above the others. */
export const WAITING_SHOWN = 50;

/**
 * The cash orders waiting for the shopper's confirmation, oldest first (the most at risk), read
 * through migrations/0141_cash_confirmed.sql's partial index: its WHERE is repeated word for word, and
 * named (the planner would otherwise walk every cash order by orders_payment_created).
 */
export function waitingStatement(db: D1Database): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${ORDER_COLUMNS},
         (SELECT COUNT(*) FROM orders AS refused WHERE refused.phone_key = orders.phone_key AND refused.status = 'refused')
           AS refusals
       FROM orders INDEXED BY orders_cash_waiting
       WHERE payment_method = 'cash' AND status IN ('new', 'processing') AND cod_confirmed_at IS NULL
       ORDER BY created_at, id LIMIT ?1`,
    )
    .bind(WAITING_SHOWN);
}

/** A waiting cash order with the parcels refused at the door to its phone before (a risk the desk marks). */
export interface WaitingOrder extends Order {
  refusals: number;
}

export function waitingOf(result: D1Result | undefined): WaitingOrder[] {
  return ((result?.results ?? []) as (OrderRecord & { refusals: number })[]).map((row) => ({
    ...toOrder(row, []),
    refusals: row.refusals,
  }));
}

/** Parcels refused at the door to this phone number, however it is written (0083's phone_key). */
export function refusalsStatement(db: D1Database, phone: string): D1PreparedStatement {
  return db
    .prepare("SELECT COUNT(*) AS n FROM orders WHERE phone_key = ?1 AND status = 'refused'")
    .bind(phoneKey(phone) ?? "");
}

export function refusalsOf(result: D1Result | undefined): number {
  return ((result?.results?.[0] as { n?: number } | undefined)?.n ?? 0) as number;
}

/**
 * Marks a cash order confirmed with the shopper, with its history note and audit row, in one batch
 * and only if nobody changed the order since `seenVersion` and it still waits. False otherwise.
 */
export async function markConfirmedWithShopper(
  db: D1Database,
  change: { order: Order; seenVersion: number; actor: Actor; now: Date },
): Promise<boolean> {
  const { order, actor } = change;
  const changeId = crypto.randomUUID();
  const at = change.now.toISOString();
  const guard = { sql: "(SELECT change_id FROM orders WHERE id = ?1) = ?2", params: [order.id, changeId] };
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE orders SET cod_confirmed_at = ?3, change_id = ?4, version = version + 1,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 AND version = ?2 AND payment_method = 'cash' AND cod_confirmed_at IS NULL`,
      )
      .bind(order.id, change.seenVersion, at, changeId),
    orderEventStatement(db, guard, { orderId: order.id, kind: "note", note: "Confirmed with the shopper", actor }),
    auditStatement(db, guard, {
      actor,
      action: "shopper-confirmed",
      recordKind: "order",
      recordId: order.number,
      before: { cashConfirmedAt: null },
      after: { cashConfirmedAt: at },
    }),
  ]);
  return (updated?.meta.changes ?? 0) === 1;
}
