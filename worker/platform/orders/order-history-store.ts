import type { Actor } from "../audit/staff-audit-store";

/**
 * D1 access for an order's history (`order_events`, migrations/0080). Status moves are shown
 * to the shopper; notes only to staff.
 */
export interface OrderEvent {
  id: number;
  kind: "status" | "note";
  fromStatus: string | null;
  toStatus: string | null;
  note: string | null;
  actorName: string | null;
  createdAt: string;
}

interface OrderEventRow {
  id: number;
  kind: "status" | "note";
  from_status: string | null;
  to_status: string | null;
  note: string | null;
  actor_name: string | null;
  created_at: string;
}

/**
 * A statement that writes the event only when `guard` (SQL over ?1.., true when this batch's
 * change won) holds; the guard's parameters come first.
 */
export function orderEventStatement(
  db: D1Database,
  guard: { sql: string; params: unknown[] },
  event: { orderId: number; kind: "status" | "note"; from?: string; to?: string; note?: string; actor: Actor },
): D1PreparedStatement {
  const n = guard.params.length;
  return db
    .prepare(
      `INSERT INTO order_events (order_id, kind, from_status, to_status, note, actor_id, actor_name)
       SELECT ?${n + 1}, ?${n + 2}, ?${n + 3}, ?${n + 4}, ?${n + 5}, ?${n + 6}, ?${n + 7} WHERE ${guard.sql}`,
    )
    .bind(
      ...guard.params,
      event.orderId,
      event.kind,
      event.from ?? null,
      event.to ?? null,
      event.note ?? null,
      event.actor.id,
      event.actor.name,
    );
}

const EVENT_COLUMNS = "id, kind, from_status, to_status, note, actor_name, created_at";

/** An order's events of these kinds, found by its number (for a batch with the order itself). */
export function orderEventsByNumberStatement(
  db: D1Database,
  number: string,
  kinds: readonly string[],
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${EVENT_COLUMNS} FROM order_events
       WHERE order_id = (SELECT id FROM orders WHERE number = ?1) AND kind IN (SELECT value FROM json_each(?2)) ORDER BY id`,
    )
    .bind(number, JSON.stringify(kinds));
}

export function readOrderEvents(result: D1Result | undefined): OrderEvent[] {
  return ((result?.results ?? []) as OrderEventRow[]).map(toEvent);
}

function toEvent(row: OrderEventRow): OrderEvent {
  return {
    id: row.id,
    kind: row.kind,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    note: row.note,
    actorName: row.actor_name,
    createdAt: row.created_at,
  };
}

export async function listOrderEvents(db: D1Database, orderId: number, kinds: readonly string[] = ["status", "note"]) {
  const { results } = await db
    .prepare(
      `SELECT ${EVENT_COLUMNS} FROM order_events
       WHERE order_id = ?1 AND kind IN (SELECT value FROM json_each(?2)) ORDER BY id`,
    )
    .bind(orderId, JSON.stringify(kinds))
    .all<OrderEventRow>();
  return results.map(toEvent);
}
