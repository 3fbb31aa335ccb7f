import { type OnHand, productStock } from "../../../shared/product-stock";
import type { StockState } from "../../../shared/stock-rules";
import type { ProductSummary } from "../../../shared/types/catalog";
import { readListingStock } from "../../platform/stock/listing-stock";

/**
 * Per-product values the shop works out and the CMS cannot sort or filter by (decision 0107): what a
 * shopper may do and pay is the shop's, not the CMS's. A listing's index (listing-index.ts) asks every
 * source for every product of the listing, all sources' reads started together (one D1 round trip
 * however many sources), then sorts, filters and pages by them.
 *
 * A source is one entry of EFFECTIVE_SOURCES. Today: `stock`, the one stock truth (stockState). Next: the
 * price a shopper pays under promotions — a source whose `read` loads the promotions that apply (one query)
 * and answers each product's effective price; sorts by price and the price filter then name it
 * (listing-order.ts) instead of the CMS's `price`, and nothing else changes.
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

export const EFFECTIVE_SOURCES = { stock: stockSource } as const;

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
