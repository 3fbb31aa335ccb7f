import type { Context } from "hono";
import type { Availability, DeliveryMethod, Totals } from "../../../shared/cart-rules";
import { canBuy } from "../../../shared/cart-rules";
import type { PaymentMethod } from "../../../shared/forms/checkout";
import type { PromotionLine } from "../../../shared/promotions/promotion";
import { type Quote, quote } from "../../../shared/promotions/quote";
import type { AppEnv } from "../../platform/app-env";
import { type BagRead, bagStatements, type CartLineRow, type CartOwner, readBag } from "../../platform/bag/cart-store";
import { type CountRow, countsOf, countsStatement, knownShopperCounts } from "../../platform/bag/shopper-counts";
import { nearDatabase } from "../../platform/database/request-database";
import { refusalsOf, refusalsStatement } from "../../platform/orders/cash-confirmation-store";
import {
  PROMOTION_READS,
  type PromotionsRead,
  promotionStatements,
  readPromotions,
  type Shopper,
  shopperKeys,
} from "../../platform/promotions/promotion-store";
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

/** A gift a promotion adds to the bag at 0, with its item as the catalogue has it. */
export interface CartGift {
  promotionName: string;
  product: CartProduct;
}

export interface CartView {
  cartId: string | null;
  items: CartItem[];
  totals: Totals;
  /** The one quote of the bag (shared/promotions/quote.ts): discounts, nudges, the code's refusal. */
  quote: Quote;
  gifts: CartGift[];
  /** What the quote was given: a checkout asks again for each way to deliver and pay. */
  promotions: PromotionsRead;
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
  /**
   * Parcels refused at the door to the phone the checkout knows (a signed-in shopper's, or the form's),
   * read in the bag's batch (decision 0118); undefined when no phone was given.
   */
  phoneRefusals?: number;
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

/** The shopper as per-shopper limits know them on the bag's page: an account, or a guest not yet named. */
export function bagShopper(c: Context<AppEnv>, owner: CartOwner | null, typedCode: string | null = null): Shopper {
  const user = c.get("user");
  const userId = user ? Number(user.id) : null;
  return { owner, userId, email: user?.email ?? null, typedCode, keys: shopperKeys(userId, null, null) };
}

/**
 * The owner's bag, its products' stock, the owner's counts (for the header) and what its quote needs
 * (promotions, the bag's code, the delivery settings) in one round trip (docs/decisions/0100): near
 * the shopper for a page (their bookmark brings their own last change), on the primary (`exact`).
 */
async function readOwnBag(
  c: Context<AppEnv>,
  owner: CartOwner | null,
  exact: boolean,
  typedCode: string | null,
  phone: string | null = null,
): Promise<{ bag: BagRead; promotions: PromotionsRead; phoneRefusals?: number }> {
  const db = exact ? c.env.DB : nearDatabase(c);
  // No bag: nothing to price, and no round trip.
  if (!owner) return { bag: EMPTY_BAG, promotions: readPromotions([], c.get("locale")) };
  const reads = promotionStatements(db, bagShopper(c, owner, typedCode), new Date());
  const results = await db.batch([
    ...bagStatements(db, owner),
    countsStatement(db, owner),
    ...reads,
    ...(phone ? [refusalsStatement(db, phone)] : []),
  ]);
  knownShopperCounts(c, owner, countsOf(results[2]!.results as CountRow[]));
  return {
    bag: readBag(results),
    promotions: readPromotions(results.slice(3, 3 + PROMOTION_READS), c.get("locale")),
    ...(phone ? { phoneRefusals: refusalsOf(results.at(-1)) } : {}),
  };
}

/** How the bag is to be delivered and paid, for its quote: the bag's page knows neither (an estimate). */
export interface QuoteChoices {
  delivery: DeliveryMethod;
  region: string | null;
  payment: PaymentMethod | null;
}

const ESTIMATE: QuoteChoices = { delivery: "transport", region: null, payment: null };

/** The bag with today's prices (always from the CMS, never from the browser) and its quote. */
export async function loadCartView(
  c: Context<AppEnv>,
  owner: CartOwner | null,
  choices: QuoteChoices = ESTIMATE,
  {
    exact = false,
    typedCode = null,
    phone = null,
  }: { exact?: boolean; typedCode?: string | null; phone?: string | null } = {},
): Promise<CartView> {
  const { bag, promotions, phoneRefusals } = await readOwnBag(c, owner, exact, typedCode, phone);
  const view = await cartViewOf(c, bag, promotions, choices);
  return phoneRefusals === undefined ? view : { ...view, phoneRefusals };
}

/** A bag line as the quote sees it. */
function promotionLine(item: CartItem): PromotionLine {
  const product = item.product!;
  return {
    key: item.key,
    productSlug: item.slug,
    sku: product.sku,
    brandSlug: product.brandSlug,
    categorySlug: product.categorySlug,
    unitPrice: product.price,
    quantity: item.quantity,
  };
}

/** The bag's quote for a way to deliver and pay (checkout shows one per way). */
export function quoteOf(view: Pick<CartView, "items" | "promotions">, choices: QuoteChoices, now = new Date()): Quote {
  const { promotions } = view;
  return quote({
    lines: view.items.filter((i) => i.product && i.buyable).map(promotionLine),
    candidates: promotions.candidates,
    settings: promotions.settings,
    ...choices,
    now,
    ordered: promotions.ordered,
    giftsInStock: promotions.giftsInStock,
  });
}

/** The view of a bag read already (placing an order reads it in the batch that checks the order's key). */
export async function cartViewOf(
  c: Context<AppEnv>,
  { cartId, lines, stock }: BagRead,
  promotions: PromotionsRead,
  choices: QuoteChoices,
): Promise<CartView> {
  const giftKeys = promotions.candidates.flatMap(({ promotion: { gives } }) =>
    gives.kind === "gift" ? [{ productSlug: gives.productSlug, variantSku: gives.variantSku }] : [],
  );
  const loaded = await loadCartProducts(c, [...lines, ...giftKeys], stock);
  const catalogueDown = loaded === CATALOGUE_DOWN;
  const products = catalogueDown ? new Map<string, CartProduct>() : loaded;
  const items = lines.map((line) => toItem(line, products.get(lineKeyOf(line))));
  const quoted = quoteOf({ items, promotions }, choices);
  const gifts = quoted.gifts.flatMap((gift) => {
    const product = products.get(lineKeyOf(gift));
    return product ? [{ promotionName: gift.name, product }] : [];
  });
  const { subtotal, discount, delivery, codFee, vat, total } = quoted;
  return {
    cartId,
    items,
    totals: { subtotal, discount, delivery, codFee, vat, total },
    quote: quoted,
    gifts,
    promotions,
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
