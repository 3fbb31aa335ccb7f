/**
 * A gift in the order's batch (docs/decisions/0108-promotions-one-quote-redeemed-in-the-order-batch.md):
 * its line is written at 0 only while its SKU has one on hand (or is not counted), and the stock is
 * taken only when the line was written, so a gift that ran out between the bag's read and the order's
 * batch is left out, never oversold, and the rest of the order goes through. Guarded on this
 * attempt's order number like the rest of the batch (`ours` over ?1 and ?2).
 */
export interface GiftLine {
  position: number;
  productSlug: string;
  productPath: string;
  name: string;
  variantName: string | null;
  brand: string | null;
  sku: string;
}

export function giftStatements(db: D1Database, params: readonly unknown[], gift: GiftLine): D1PreparedStatement[] {
  const order = "SELECT id FROM orders WHERE idempotency_key = ?1 AND number = ?2";
  const onHand = "(SELECT on_hand FROM stock_levels WHERE sku = ?9)";
  return [
    db
      .prepare(
        `INSERT INTO order_lines (order_id, position, product_slug, product_path, name, brand, unit_price, quantity,
           line_total, prepurchase, variant_name, sku, stock_taken, discount, gift)
         SELECT (${order}), ?3, ?4, ?5, ?6, ?7, 0, 1, 0, 0, ?8, ?9, CASE WHEN ${onHand} IS NULL THEN 0 ELSE 1 END, 0, 1
         WHERE EXISTS (${order}) AND COALESCE(${onHand}, 1) >= 1`,
      )
      .bind(
        ...params,
        gift.position,
        gift.productSlug,
        gift.productPath,
        gift.name,
        gift.brand,
        gift.variantName,
        gift.sku,
      ),
    db
      .prepare(
        `UPDATE stock_levels SET on_hand = on_hand - 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE sku = ?3 AND EXISTS (SELECT 1 FROM order_lines WHERE order_id = (${order}) AND position = ?4 AND stock_taken = 1)`,
      )
      .bind(...params, gift.sku, gift.position),
  ];
}
