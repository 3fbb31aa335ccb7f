import { aedToFils, type Fils } from "../../../shared/money";
import { type OnHand, productStock } from "../../../shared/product-stock";
import { nextSaleChange, type Sale, saleOf } from "../../../shared/promotions/sale-price";
import type { StockState } from "../../../shared/stock-rules";
import type { ProductSummary } from "../../../shared/types/catalog";
import { readSales } from "../../platform/promotions/sale-store";
import { readListingStock } from "../../platform/stock/listing-stock";
import { cardItem, saleItemsOf } from "../products/sale-view";

/**
 * Per-product values the shop works out and the CMS cannot sort or filter by (decision 0107): what a
 * shopper may do and pay is the shop's, not the CMS's. A listing's index (listing-index.ts) asks every
 * source for every product of the listing, all sources' reads started together (one D1 round trip
 * however many sources), then sorts, filters and pages by them.
 *
 * A source is one entry of EFFECTIVE_SOURCES: `stock`, the one stock truth (stockState), and `price`, the
 * price a shopper pays for the card's item under the sales running now (decision 0120), which the price
 * sorts and the price filter compare (listing-order.ts) instead of the CMS's `price`.
 */
export interface EffectiveSource<V> {
  /** One read (a D1 query or a batch) for these products; answers each product's value. */
  read(db: D1Database, products: readonly ProductSummary[]): Promise<(product: ProductSummary) => V>;
}

/** Can it be bought, and what its card says: D1's count where counted, the CMS's flag otherwise. */
const stockSource: EffectiveSource<StockState> = {
  async read(db, products) {
    const onHand: OnHand = await readListingStock(db, products);
    return (product) => productStock(product, onHand);
  },
};

/** What a card's item costs in the bag now, its sale, and when a sale on the product next starts or ends. */
export interface EffectivePrice {
  pays: Fils;
  sale: Sale | null;
  /** The next start or end (ms) of a sale on any of the product's items: the listing is made again then. */
  changesAt: number | null;
}

/** The price a shopper pays (decision 0120): the sales read in one query, each product quoted by the one quote. */
const priceSource: EffectiveSource<EffectivePrice> = {
  async read(db, _products) {
    const now = new Date();
    const sales = await readSales(db, now);
    return (product) => {
      const sale = sales.length === 0 ? null : saleOf(sales, cardItem(product), now);
      return {
        pays: sale?.price ?? aedToFils(product.price),
        sale,
        changesAt: sales.length === 0 ? null : nextSaleChange(sales, saleItemsOf(product), now),
      };
    };
  },
};

export const EFFECTIVE_SOURCES = { stock: stockSource, price: priceSource } as const;

type Sources = typeof EFFECTIVE_SOURCES;
/** One product's effective values, one per source. */
export type Effective = { [K in keyof Sources]: Sources[K] extends EffectiveSource<infer V> ? V : never };

/** Every source's values for these products, their reads started together. */
export async function readEffective(
  db: D1Database,
  products: readonly ProductSummary[],
): Promise<(product: ProductSummary) => Effective> {
  const names = Object.keys(EFFECTIVE_SOURCES) as (keyof Sources)[];
  const readers = await Promise.all(names.map((name) => EFFECTIVE_SOURCES[name].read(db, products)));
  return (product) => Object.fromEntries(names.map((name, i) => [name, readers[i]!(product)])) as unknown as Effective;
}
