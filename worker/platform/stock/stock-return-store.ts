import { returnStockStatements } from "./stock-store";

/**
 * Giving an order's stock back when it is cancelled (on the staff desk, or when its card payment
 * expires or fails), and what each line gave back, for the desk's order page.
 */
export interface LineStock {
  position: number;
  /** The SKU the line's stock is counted under; null for a line placed before stock was counted. */
  sku: string | null;
  /** Units the line holds now (given back on a cancel, then 0). */
  taken: number;
  /** Units a cancel gave back to stock. */
  returned: number;
}

/**
 * The statements of a cancel's batch that give the order's stock back: each line's `stock_taken`
 * is first added to its `stock_returned` (migrations/0093), then returned and zeroed
 * (returnStockStatements). All run only under `guard` (SQL over ?1.., its parameters first), true
 * when the batch's status change won; and a line gives back only what it still holds, so a second
 * cancel, a replayed webhook or a late sweep give nothing twice.
 */
export function giveBackStatements(
  db: D1Database,
  orderId: number,
  guard: { sql: string; params: unknown[] },
): D1PreparedStatement[] {
  const n = guard.params.length;
  return [
    db
      .prepare(
        `UPDATE order_lines SET stock_returned = stock_returned + stock_taken
         WHERE order_id = ?${n + 1} AND stock_taken > 0 AND ${guard.sql}`,
      )
      .bind(...guard.params, orderId),
    ...returnStockStatements(db, orderId, guard),
  ];
}

/** The stock of an order's lines, in the order of its lines. */
export async function lineStock(db: D1Database, orderId: number): Promise<LineStock[]> {
  const { results } = await db
    .prepare("SELECT position, sku, stock_taken, stock_returned FROM order_lines WHERE order_id = ?1 ORDER BY position")
    .bind(orderId)
    .all<{ position: number; sku: string | null; stock_taken: number; stock_returned: number }>();
  return results.map((row) => ({
    position: row.position,
    sku: row.sku,
    taken: row.stock_taken,
    returned: row.stock_returned,
  }));
}

/** The SKUs an order holds stock of: those a cancel may give back. */
export async function heldSkus(db: D1Database, orderId: number): Promise<string[]> {
  return (await lineStock(db, orderId)).flatMap((line) => (line.sku && line.taken > 0 ? [line.sku] : []));
}
