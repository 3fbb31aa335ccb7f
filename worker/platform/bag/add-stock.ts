/**
 * The stock an add to the bag reads inside its own batch, on the primary (docs/decisions/0136-the-add-reads-stock-in-its-batch.md):
 * the SKU's row returned for the answer, and the same rule as shared/stock-rules.ts stockState written
 * in SQL for the line's insert, so what the batch writes and what the answer says agree.
 */

/** The SKU's stock row: no row when the SKU is sold without counting. */
export function stockRowStatement(db: D1Database, sku: string): D1PreparedStatement {
  return db.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1").bind(sku);
}

/** On hand from stockRowStatement's result; undefined when the SKU is not counted. */
export function stockRowOf(result: D1Result | undefined): number | undefined {
  const row = result?.results[0] as { on_hand: number } | undefined;
  return row?.on_hand;
}

/**
 * SQL over the SKU's placeholder and the CMS's word's, as stockState decides (decision 0107):
 * `availability` the item's availability with stock applied (an uncounted SKU keeps the CMS's word,
 * some on hand is in stock, none is out of stock unless sold ahead), `buyable` whether a shopper may put
 * it in the bag (shared/cart-rules.ts canBuy), `cap` what the bag may hold of it (NULL: no cap, the
 * SKU uncounted or sold ahead).
 */
export function addStockSql(
  skuParam: string,
  cmsParam: string,
): { availability: string; buyable: string; cap: string } {
  const onHand = `(SELECT s.on_hand FROM stock_levels s WHERE s.sku = ${skuParam})`;
  const availability = `(CASE WHEN ${onHand} IS NULL THEN ${cmsParam} WHEN ${onHand} > 0 THEN 'in_stock'
    WHEN ${cmsParam} = 'prepurchase' THEN 'prepurchase' ELSE 'out_of_stock' END)`;
  return {
    availability,
    buyable: `${availability} IN ('in_stock', 'prepurchase')`,
    cap: `(CASE WHEN ${cmsParam} = 'prepurchase' THEN NULL ELSE ${onHand} END)`,
  };
}
