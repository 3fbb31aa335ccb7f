import type { ProductSummary, ProductVariant } from "../types/catalog";
import { stockSku } from "../variants";
import type { Sale, SaleItem } from "./sale-price";

/*
 * What of a product a sale looks at (decision 0120): the catalogue's cards, the product page, search
 * results and the header's suggestions all price the same item, so they show the same sale.
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
