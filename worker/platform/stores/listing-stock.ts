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
