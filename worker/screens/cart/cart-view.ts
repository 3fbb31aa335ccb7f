import type { Context } from "hono";
import type { Availability, DeliveryMethod, Totals } from "../../../shared/cart-rules";
import { canBuy, computeTotals } from "../../../shared/cart-rules";
import type { AppEnv } from "../../platform/app-env";
import { type CartLineRow, type CartOwner, findCartId, listLines } from "../../platform/stores/cart-store";
import { type CartProduct, loadCartProducts } from "./cart-products";

/** A bag line joined with the product as the CMS has it now. */
export interface CartItem {
  slug: string;
  quantity: number;
  product: CartProduct | null;
  /** The price when added, when it differs from today's. */
  previousPrice: number | null;
  /** The availability when added, when it differs from today's. */
  previousAvailability: Availability | null;
  /** Can be bought now (exists, in stock or pre-purchase). */
  buyable: boolean;
}

export interface CartView {
  cartId: string | null;
  items: CartItem[];
  totals: Totals;
  /** Something changed since the shopper added it: show it before they pay. */
  hasChanges: boolean;
  /** Every line can be bought. */
  canCheckout: boolean;
  count: number;
}

function toItem(line: CartLineRow, product: CartProduct | undefined): CartItem {
  const priceChanged = product ? product.price !== line.priceSeen : false;
  const availabilityChanged = product ? product.availability !== line.availabilitySeen : false;
  return {
    slug: line.productSlug,
    quantity: line.quantity,
    product: product ?? null,
    previousPrice: priceChanged ? line.priceSeen : null,
    previousAvailability: availabilityChanged ? line.availabilitySeen : null,
    buyable: product ? canBuy(product.availability) : false,
  };
}

/** The bag with today's prices (always from the CMS, never from the browser) and its totals. */
export async function loadCartView(
  c: Context<AppEnv>,
  owner: CartOwner | null,
  delivery: DeliveryMethod = "transport",
): Promise<CartView> {
  const cartId = owner ? await findCartId(c.env.DB, owner) : null;
  const lines = cartId ? await listLines(c.env.DB, cartId) : [];
  const products = await loadCartProducts(
    c,
    lines.map((l) => l.productSlug),
  );
  const items = lines.map((line) => toItem(line, products.get(line.productSlug)));
  const priced = items.filter((i) => i.product && i.buyable);
  const totals = computeTotals(
    priced.map((i) => ({ unitPrice: i.product!.price, quantity: i.quantity })),
    delivery,
  );
  return {
    cartId,
    items,
    totals,
    hasChanges: items.some((i) => i.previousPrice !== null || i.previousAvailability !== null || !i.product),
    canCheckout: items.length > 0 && items.every((i) => i.buyable),
    count: items.reduce((n, i) => n + i.quantity, 0),
  };
}
