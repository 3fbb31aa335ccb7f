import type { Context } from "hono";
import type { Availability, DeliveryMethod, Totals } from "../../../shared/cart-rules";
import { canBuy, computeTotals } from "../../../shared/cart-rules";
import type { AppEnv } from "../../platform/app-env";
import { type BagRead, bagStatements, type CartLineRow, type CartOwner, readBag } from "../../platform/bag/cart-store";
import { type CountRow, countsOf, countsStatement, knownShopperCounts } from "../../platform/bag/shopper-counts";
import { nearDatabase } from "../../platform/database/request-database";
import { CATALOGUE_DOWN, type CartProduct, lineKeyOf, loadCartProducts } from "./cart-products";

/** A bag line joined with its item (product and variant) as the CMS and the stock have it now. */
export interface CartItem {
  slug: string;
  /** The variant's SKU as the line stores it ('' for a product sold as one item). */
  variantSku: string;
  /** Unique in the bag: for form field ids and React keys. */
  key: string;
  quantity: number;
  product: CartProduct | null;
  /** The price when added, when it differs from today's. */
  previousPrice: number | null;
  /** The availability when added, when it differs from today's. */
  previousAvailability: Availability | null;
  /** Can be bought now (exists, in stock or pre-purchase). */
  buyable: boolean;
  /** Fewer are on hand than the line asks for (and the item can't be sold ahead): how many are. */
  onlyLeft: number | null;
}

export interface CartView {
  cartId: string | null;
  items: CartItem[];
  totals: Totals;
  /** Something changed since the shopper added it: show it before they pay. */
  hasChanges: boolean;
  /** Every line can be bought. */
  canCheckout: boolean;
  /**
   * The CMS gave no answer: no line's product is known, which says nothing of the lines (not gone,
   * not sold out); the bag says to try again, and no order is placed from it (decision 0101).
   */
  catalogueDown: boolean;
  count: number;
}

function toItem(line: CartLineRow, product: CartProduct | undefined): CartItem {
  const priceChanged = product ? product.price !== line.priceSeen : false;
  const availabilityChanged = product ? product.availability !== line.availabilitySeen : false;
  const short =
    product && product.onHand !== null && !product.sellAhead && product.onHand > 0 && product.onHand < line.quantity;
  return {
    slug: line.productSlug,
    variantSku: line.variantSku,
    key: lineKeyOf(line),
    quantity: line.quantity,
    product: product ?? null,
    previousPrice: priceChanged ? line.priceSeen : null,
    previousAvailability: availabilityChanged ? line.availabilitySeen : null,
    buyable: product ? canBuy(product.availability) : false,
    onlyLeft: short ? product.onHand : null,
  };
}

const EMPTY_BAG: BagRead = { cartId: null, lines: [], stock: new Map() };

/**
 * The owner's bag, its products' stock and the owner's counts (for the header) in one round trip
 * (docs/decisions/0100): near the shopper for a page (their bookmark brings their own last change),
 * on the primary (`exact`) for placing an order.
 */
async function readOwnBag(c: Context<AppEnv>, owner: CartOwner, exact: boolean): Promise<BagRead> {
  const db = exact ? c.env.DB : nearDatabase(c);
  const results = await db.batch([...bagStatements(db, owner), countsStatement(db, owner)]);
  knownShopperCounts(c, owner, countsOf(results[2]!.results as CountRow[]));
  return readBag(results);
}

/** The bag with today's prices (always from the CMS, never from the browser) and its totals. */
export async function loadCartView(
  c: Context<AppEnv>,
  owner: CartOwner | null,
  delivery: DeliveryMethod = "transport",
  { exact = false }: { exact?: boolean } = {},
): Promise<CartView> {
  return cartViewOf(c, owner ? await readOwnBag(c, owner, exact) : EMPTY_BAG, delivery);
}

/** The view of a bag read already (placing an order reads it in the batch that checks the order's key). */
export async function cartViewOf(
  c: Context<AppEnv>,
  { cartId, lines, stock }: BagRead,
  delivery: DeliveryMethod,
): Promise<CartView> {
  const loaded = await loadCartProducts(c, lines, stock);
  const catalogueDown = loaded === CATALOGUE_DOWN;
  const products = catalogueDown ? new Map<string, CartProduct>() : loaded;
  const items = lines.map((line) => toItem(line, products.get(lineKeyOf(line))));
  const priced = items.filter((i) => i.product && i.buyable);
  const totals = computeTotals(
    priced.map((i) => ({ unitPrice: i.product!.price, quantity: i.quantity })),
    delivery,
  );
  return {
    cartId,
    items,
    totals,
    hasChanges:
      !catalogueDown &&
      items.some(
        (i) => i.previousPrice !== null || i.previousAvailability !== null || !i.product || i.onlyLeft !== null,
      ),
    canCheckout: !catalogueDown && items.length > 0 && items.every((i) => i.buyable),
    catalogueDown,
    count: items.reduce((n, i) => n + i.quantity, 0),
  };
}
