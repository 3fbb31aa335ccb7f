import { type Availability, canBuy } from "./cart-rules";
import { type StockState, stockState } from "./stock-rules";
import { chooseVariant } from "./variants";

/**
 * What a product shows once stock on hand is known: one variant's state for the product page and
 * quick view, the whole product's for a card and the filter's availability facet. Cards and the
 * facet call `productStock` alike, so a product the facet calls sold out is one its card does.
 */

interface StockedVariant {
  name: string;
  kind: "shade" | "size";
  sku: string;
  availability: Availability;
}

interface StockedProduct {
  sku: string;
  availability: Availability;
  variants: readonly StockedVariant[];
}

/** Counted on hand by SKU (readStock): a SKU missing is not counted and its CMS word stands. */
export type OnHand = ReadonlyMap<string, number>;

/** Better first: what a card shows when its variants differ. */
const RANK: Record<Availability, number> = { in_stock: 0, prepurchase: 1, out_of_stock: 2, none: 3 };

/** One variant as the product page shows it. */
export function variantStock(variant: Pick<StockedVariant, "sku" | "availability">, onHand: OnHand): StockState {
  return stockState(variant.availability, onHand.get(variant.sku));
}

/**
 * A whole product as a card shows it. Without variants: its own SKU. With variants: the best of
 * them, so a lipstick is sold out only when every shade is; "Only N left" only for a product sold
 * as one item (three of one shade left says nothing about the lipstick).
 */
export function productStock(product: StockedProduct, onHand: OnHand): StockState {
  if (product.variants.length === 0) return stockState(product.availability, onHand.get(product.sku));
  const best = product.variants
    .map((v) => variantStock(v, onHand))
    .reduce((a, b) => (RANK[b.availability] < RANK[a.availability] ? b : a));
  return { availability: best.availability, left: product.variants.length === 1 ? best.left : null };
}

/** These products with what can be put in the bag first, the order among each kept (a list that leads with what sells). */
export function buyableFirst<P extends StockedProduct>(products: readonly P[], onHand: OnHand): P[] {
  const rank = (product: P) => (canBuy(productStock(product, onHand).availability) ? 0 : 1);
  return products
    .map((product, i) => ({ product, i, rank: rank(product) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ product }) => product);
}

/** Every SKU whose stock these products' cards read, for one readStock per page. */
export function stockSkusOf(products: readonly StockedProduct[]): string[] {
  return products.flatMap((p) => (p.variants.length ? p.variants.map((v) => v.sku) : [p.sku]));
}

/**
 * The variant a page shows when the URL names none: the first one that stock lets a shopper buy
 * (not a shade at 0), else chooseVariant's own fallback.
 */
export function defaultVariant<V extends StockedVariant>(
  product: { variants: readonly V[] },
  onHand: OnHand,
  sku?: string | null,
): V | null {
  return chooseVariant(product, sku, (v) => {
    const state = variantStock(v, onHand).availability;
    return state === "in_stock" || state === "prepurchase";
  });
}
