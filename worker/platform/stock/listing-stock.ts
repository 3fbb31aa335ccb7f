import { stockSkusOf } from "../../../shared/product-stock";
import { readStock } from "./stock-store";

/**
 * On hand for every SKU that these products' cards (or a product page and its similar goods) show:
 * one D1 query per page, never one per card.
 */
export function readListingStock(
  db: D1Database,
  ...groups: readonly (readonly Parameters<typeof stockSkusOf>[0][number][])[]
): Promise<Map<string, number>> {
  return readStock(
    db,
    groups.flatMap((products) => stockSkusOf(products)),
  );
}

/**
 * Products with a counted SKU at 0: the only ones stock can show as sold out (the filter's
 * availability facet judges them one by one). Read on the (on_hand, sku) index.
 */
export async function slugsWithSkuAtZero(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT DISTINCT product_slug FROM stock_levels WHERE on_hand <= 0")
    .all<{ product_slug: string }>();
  return results.map((r) => r.product_slug);
}
