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

/** Every counted SKU of one product, for the staff desk. */
export async function stockOfProduct(db: D1Database, productSlug: string): Promise<StockRow[]> {
  const { results } = await db
    .prepare("SELECT sku, product_slug, on_hand, updated_at FROM stock_levels WHERE product_slug = ?1 ORDER BY sku")
    .bind(productSlug)
    .all<StockRecord>();
  return results.map(toRow);
}
