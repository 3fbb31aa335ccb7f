/**
 * Stock on hand per SKU (migrations/0090): the shop's record, changed by orders and by staff.
 * A SKU without a row is sold without counting, so a shop can adopt stock gradually.
 */
export interface StockRow {
  sku: string;
  productSlug: string;
  onHand: number;
  updatedAt: string;
}

interface StockRecord {
  sku: string;
  product_slug: string;
  on_hand: number;
  updated_at: string;
}

function toRow(r: StockRecord): StockRow {
  return { sku: r.sku, productSlug: r.product_slug, onHand: r.on_hand, updatedAt: r.updated_at };
}

/** On hand for these SKUs (one query); a SKU missing from the map is not counted. */
export async function readStock(db: D1Database, skus: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(skus)];
  if (wanted.length === 0) return new Map();
  const { results } = await db
    .prepare("SELECT sku, on_hand FROM stock_levels WHERE sku IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(wanted))
    .all<{ sku: string; on_hand: number }>();
  return new Map(results.map((r) => [r.sku, r.on_hand]));
}

/**
 * On hand for every counted SKU of one product (one query that needs only the slug, so it can start
 * beside the product's own read instead of after it).
 */
export async function readProductStock(db: D1Database, productSlug: string): Promise<Map<string, number>> {
  const { results } = await db
    .prepare("SELECT sku, on_hand FROM stock_levels WHERE product_slug = ?1")
    .bind(productSlug)
    .all<{ sku: string; on_hand: number }>();
  return new Map(results.map((r) => [r.sku, r.on_hand]));
}

/** Every counted SKU of one product, for the staff desk. */
export async function stockOfProduct(db: D1Database, productSlug: string): Promise<StockRow[]> {
  const { results } = await db
    .prepare("SELECT sku, product_slug, on_hand, updated_at FROM stock_levels WHERE product_slug = ?1 ORDER BY sku")
    .bind(productSlug)
    .all<StockRecord>();
  return results.map(toRow);
}

/** One line of an order as stock sees it. */
export interface StockTake {
  sku: string;
  quantity: number;
  /** The CMS allows selling ahead (pre-purchase): take what is on hand, sell the rest anyway. */
  sellAhead: boolean;
}

/**
 * Takes an order's quantities, for the same D1 batch that writes the order (run after its
 * order_lines rows, which record in `stock_taken` what each line took). `guard` is a SQL
 * condition true only for the attempt that wrote the order. A line that would take a SKU below
 * zero violates stock_levels' CHECK and fails the whole batch: nothing of the order is written.
 */
export function takeStockStatements(
  db: D1Database,
  orderGuard: { sql: string; params: unknown[] },
  takes: readonly StockTake[],
): D1PreparedStatement[] {
  const n = orderGuard.params.length;
  return takes.map((take) =>
    db
      .prepare(
        take.sellAhead
          ? `UPDATE stock_levels SET on_hand = MAX(0, on_hand - ?${n + 2}), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE sku = ?${n + 1} AND ${orderGuard.sql}`
          : `UPDATE stock_levels SET on_hand = on_hand - ?${n + 2}, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
             WHERE sku = ?${n + 1} AND ${orderGuard.sql}`,
      )
      .bind(...orderGuard.params, take.sku, take.quantity),
  );
}

/**
 * What a line takes, as the SQL expression its order_lines row stores in `stock_taken` (?sku and
 * ?quantity are the placeholders given): all of it when the SKU is counted, what is on hand when
 * selling ahead, nothing when the SKU is not counted.
 */
export function stockTakenSql(skuParam: string, quantityParam: string, sellAhead: boolean): string {
  const onHand = `(SELECT on_hand FROM stock_levels WHERE sku = ${skuParam})`;
  return sellAhead
    ? `COALESCE(MIN(${quantityParam}, ${onHand}), 0)`
    : `CASE WHEN ${onHand} IS NULL THEN 0 ELSE ${quantityParam} END`;
}

/**
 * Gives back what an order's lines took (a cancel, an expired or failed card payment) and marks
 * them as given back, for a batch whose other statements change the order's status under the same
 * guard, so a second cancel or a late webhook gives nothing twice. `guard` (SQL over ?1.., its
 * parameters first) is true only when this batch's status change won: a cancel refused as stale
 * gives nothing back either.
 */
export function returnStockStatements(
  db: D1Database,
  orderId: number,
  guard: { sql: string; params: unknown[] } = { sql: "1", params: [] },
): D1PreparedStatement[] {
  const n = guard.params.length;
  const id = `?${n + 1}`;
  return [
    db
      .prepare(
        `UPDATE stock_levels SET on_hand = on_hand + (
           SELECT COALESCE(SUM(l.stock_taken), 0) FROM order_lines l WHERE l.order_id = ${id} AND l.sku = stock_levels.sku
         ), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE sku IN (SELECT sku FROM order_lines WHERE order_id = ${id} AND stock_taken > 0) AND ${guard.sql}`,
      )
      .bind(...guard.params, orderId),
    db
      .prepare(`UPDATE order_lines SET stock_taken = 0 WHERE order_id = ${id} AND stock_taken > 0 AND ${guard.sql}`)
      .bind(...guard.params, orderId),
  ];
}
