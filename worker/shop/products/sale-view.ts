import type { Context } from "hono";
import type { Promotion } from "../../../shared/promotions/promotion";
import { nextSaleChange, type Sale, type SaleItem, saleOf } from "../../../shared/promotions/sale-price";
import type { ProductSummary, ProductVariant } from "../../../shared/types/catalog";
import { stockSku } from "../../../shared/variants";
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

/** One product (in one variant, or as its card shows it) as a sale looks at it. */
export function saleItem(product: ProductSummary, variant: ProductVariant | null): SaleItem {
  return {
    productSlug: product.slug,
    sku: stockSku(product, variant),
    brandSlug: product.brand?.slug ?? null,
    categorySlug: product.category?.slug ?? null,
    price: variant?.price ?? product.price,
  };
}

/** The item a card prices: the product at its own price, in its one variant when it has one (what the card adds). */
export function cardItem(product: ProductSummary): SaleItem {
  const only = product.variants.length === 1 ? product.variants[0]! : null;
  return { ...saleItem(product, only), price: product.price };
}

/** Every item of a product a sale could be on: its card's and each variant's. */
export function saleItemsOf(product: ProductSummary): SaleItem[] {
  return [cardItem(product), ...product.variants.map((v) => saleItem(product, v))];
}

/** What is on sale now among the sales read, by item. */
export type SaleLookup = (item: SaleItem) => Sale | null;

export function saleLookup(sales: readonly Promotion[], now: Date): SaleLookup {
  return (item) => saleOf(sales, item, now);
}

/** A price line's values with a sale applied: the sale price, the old one struck through, the badge. */
export function shownPrice(
  price: number,
  oldPrice: number | null,
  sale: Sale | null,
): { price: number; oldPrice: number | null; percentOff: number | null } {
  return sale
    ? { price: sale.price / 100, oldPrice: sale.was / 100, percentOff: sale.percentOff }
    : { price, oldPrice, percentOff: null };
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
