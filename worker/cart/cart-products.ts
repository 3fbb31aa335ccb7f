import type { Context } from "hono";
import type { Availability } from "../../shared/cart-rules";
import type { Fils } from "../../shared/money";
import type { AppEnv } from "../app-env";

/** What the bag needs to know about a product, read from the CMS on every request. */
export interface CartProduct {
  slug: string;
  name: string;
  brand: string | null;
  price: Fils;
  availability: Availability;
  path: string;
  image: { url: string; alt: string; width: number; height: number } | null;
}

/**
 * Today's data for the products in a bag. Prices always come from the CMS on
 * the server, never from the browser.
 */
export async function loadCartProducts(_c: Context<AppEnv>, _slugs: string[]): Promise<Map<string, CartProduct>> {
  return new Map();
}
