import type { Context } from "hono";
import type { Promotion } from "../../../shared/promotions/promotion";
import { saleItemsOf } from "../../../shared/promotions/sale-items";
import { nextSaleChange, type Sale, type SaleItem, saleOf } from "../../../shared/promotions/sale-price";
import type { ProductSummary } from "../../../shared/types/catalog";
import type { AppEnv } from "../../platform/app-env";
import { noteMadeAgainBy } from "../../platform/caches/page-deadline";
import { noteSalesShown } from "../../platform/caches/sale-tags";
import { readSales } from "../../platform/promotions/sale-store";

/**
 * Sales as the catalogue shows them (decision 0120): the price one unit costs in the bag, from the one
 * quote (shared/promotions/sale-price.ts). A page that shows products reads the sales once
 * (`loadSales`, beside its stock), notes the tags of what it shows (a desk change of a sale on them makes
 * it again) and the next start or end of a sale on them (it is made again after that time).
 */

// The items a sale looks at live beside the sale rule, for the platform's search suggestions too.
export { cardItem, saleItem, saleItemsOf, shownPrice } from "../../../shared/promotions/sale-items";

/** What is on sale now among the sales read, by item. */
export type SaleLookup = (item: SaleItem) => Sale | null;

export function saleLookup(sales: readonly Promotion[], now: Date): SaleLookup {
  return (item) => saleOf(sales, item, now);
}

/** Notes on the page being kept what a sale on these products changes: their tags and the next start or end. */
export function noteSales(
  c: Context<AppEnv>,
  sales: readonly Promotion[],
  products: readonly ProductSummary[],
  now: Date,
): void {
  noteSalesShown(c, products);
  noteMadeAgainBy(c, nextSaleChange(sales, products.flatMap(saleItemsOf), now));
}

/** The sales for a page showing these products (one D1 query), noted on the page being kept. */
export async function loadSales(c: Context<AppEnv>, products: readonly ProductSummary[]): Promise<SaleLookup> {
  const now = new Date();
  const sales = await readSales(c.env.DB, now);
  noteSales(c, sales, products, now);
  return saleLookup(sales, now);
}
