import type { Actor } from "../audit/staff-audit-store";
import { STOCK_AUDIT_KIND } from "./stock-desk-store";
import type { StockMove } from "./stock-moves";

/**
 * A delivery adds to what is on hand (decision 0107): `ROSEWOOD,12` makes 24 into 36, and starts
 * counting an uncounted SKU at 12. One D1 batch, written once per import token: the change's row
 * (stock_changes, migrations/0118) is written only if no change holds the token yet, and every other
 * statement runs only under that row, so a second post of the same confirm writes nothing.
 */
export interface DeliveryLine {
  sku: string;
  /** The product the SKU belongs to: stock_levels.product_slug and the audit's record. */
  productSlug: string;
  /** Units received, added to what is on hand. */
  quantity: number;
}

export type DeliveryWrite =
  | { written: true; moves: StockMove[] }
  /** The token was used already: this delivery was written before, nothing is added again. */
  | { written: false };

export async function addDelivery(
  db: D1Database,
  delivery: { actor: Actor; token: string; lines: readonly DeliveryLine[] },
): Promise<DeliveryWrite> {
  const changeId = crypto.randomUUID();
  const lines = JSON.stringify(delivery.lines);
  const won = "EXISTS (SELECT 1 FROM stock_changes WHERE id = ?1)";
  const field = (name: keyof DeliveryLine) => `json_extract(value, '$.${name}')`;
  const onHandOf = `(SELECT on_hand FROM stock_levels WHERE sku = ${field("sku")})`;
  const [marked, before, , , after] = await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO stock_changes (id, staff_id, staff_name, kind, import_token)
         SELECT ?1, ?2, ?3, 'import', ?4 WHERE NOT EXISTS (SELECT 1 FROM stock_changes WHERE import_token = ?4)`,
      )
      .bind(changeId, delivery.actor.id, delivery.actor.name, delivery.token),
    db
      .prepare(`SELECT sku, on_hand FROM stock_levels WHERE sku IN (SELECT ${field("sku")} FROM json_each(?1))`)
      .bind(lines),
    // The audit rows first, while stock_levels still holds the counts before the delivery.
    db
      .prepare(
        `INSERT INTO staff_audit (staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
         SELECT ?3, ?4, 'delivery', '${STOCK_AUDIT_KIND}', ${field("productSlug")},
           json_object(${field("sku")}, ${onHandOf}),
           json_object(${field("sku")}, COALESCE(${onHandOf}, 0) + ${field("quantity")})
         FROM json_each(?2) WHERE ${won}`,
      )
      .bind(changeId, lines, delivery.actor.id, delivery.actor.name),
    db
      .prepare(
        `INSERT INTO stock_levels (sku, product_slug, on_hand)
         SELECT ${field("sku")}, ${field("productSlug")}, ${field("quantity")} FROM json_each(?2) WHERE ${won}
         ON CONFLICT (sku) DO UPDATE SET on_hand = on_hand + excluded.on_hand,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(changeId, lines),
    db
      .prepare(
        `SELECT sku, on_hand FROM stock_levels WHERE sku IN (SELECT ${field("sku")} FROM json_each(?2)) AND ${won}`,
      )
      .bind(changeId, lines),
  ]);
  if ((marked?.meta.changes ?? 0) !== 1) return { written: false };
  const counts = (result: D1Result | undefined) =>
    new Map(((result?.results ?? []) as { sku: string; on_hand: number }[]).map((r) => [r.sku, r.on_hand]));
  const was = counts(before);
  const now = counts(after);
  return {
    written: true,
    moves: delivery.lines.map((line) => ({ sku: line.sku, before: was.get(line.sku), after: now.get(line.sku) })),
  };
}
