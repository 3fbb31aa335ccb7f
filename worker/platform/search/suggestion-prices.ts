import type { Context } from "hono";
import type { Promotion } from "../../../shared/promotions/promotion";
import { cardItem, saleItemsOf, shownPrice } from "../../../shared/promotions/sale-items";
import { nextSaleChange, type SaleItem, saleOf } from "../../../shared/promotions/sale-price";
import type { Suggestion } from "../../../shared/quick-view";
import type { AppEnv } from "../app-env";
import { getProductsBySlugs } from "../cms-client/catalog-records";
import type { IndexSuggestion } from "./product-search";

/*
 * The header's suggestions priced as the products' cards are (decisions 0120, 0123): a sale's price,
 * the price before it struck through and the percent off, by the one quote. What a sale is on (the
 * product, its category, its brand) is read from the index, so a suggestion costs no CMS look-up; only
 * a sale on variants (SKUs), or on a brand the index names no slug for, asks for the products' cards.
 */

export type PriceOf = (s: IndexSuggestion) => Suggestion["priceLine"];

export interface SuggestionPrices {
  priceOf: PriceOf;
  /** The next start or end (ms) of a sale on what is suggested: the priced list is kept no longer. */
  until: number | null;
}

/** A product as a sale looks at it, from the index: its card's item but for a variant's SKU. */
function indexItem(s: IndexSuggestion): SaleItem {
  return { productSlug: s.slug, sku: "", brandSlug: s.brandSlug, categorySlug: s.categorySlug, price: s.price ?? 0 };
}

/** Whether the index cannot tell if a sale is on this product: the card must. */
function needsCard(sales: readonly Promotion[], s: IndexSuggestion): boolean {
  return sales.some(({ target }) => target.kind === "variant" || (target.kind === "brand" && s.brandSlug === null));
}

export async function suggestionPrices(
  c: Context<AppEnv>,
  locale: string,
  found: readonly IndexSuggestion[],
  sales: readonly Promotion[],
  now: Date,
): Promise<SuggestionPrices> {
  const products = found.filter((s) => s.kind === "product" && s.price !== null);
  const asked = products.filter((s) => needsCard(sales, s)).map((s) => s.slug);
  const cards = asked.length === 0 ? [] : ((await getProductsBySlugs(c, locale, asked)) ?? []);
  const bySlug = new Map(cards.map((p) => [p.slug, p]));
  const items = [...products.filter((s) => !bySlug.has(s.slug)).map(indexItem), ...cards.flatMap(saleItemsOf)];
  const onSale = (item: SaleItem) => (sales.length === 0 ? null : saleOf(sales, item, now));
  return {
    priceOf: (s) => {
      if (s.price === null) return null;
      const card = bySlug.get(s.slug);
      return card
        ? shownPrice(card.price, card.oldPrice, onSale(cardItem(card)))
        : shownPrice(s.price, null, onSale(indexItem(s)));
    },
    until: nextSaleChange(sales, items, now),
  };
}
