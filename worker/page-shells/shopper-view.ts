import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { TOKEN_COOKIE } from "../../shared/constants";
import type { AppEnv, SessionUser } from "../app-env";
import { readCartOwner } from "../cart/cart-owner";
import { type CartOwner, countItems } from "../cart/cart-store";
import { listFavourites } from "../favourites/favourite-store";
import { type Flash, takeFlash } from "../render/flash";

/** What of a public page belongs to this shopper: the parts the edge fills into a shared shell. */
export interface ShopperView {
  user: SessionUser | null;
  owner: CartOwner | null;
  bag: number;
  favourites: Set<string>;
  flash: Flash | null;
}

/** Cookies that can make a page this shopper's own. Without any, the shared shell is served as it is. */
const SHOPPER_COOKIES = [TOKEN_COOKIE, "visitor_id", "flash"];

export function mayHaveShopperState(c: Context<AppEnv>): boolean {
  return c.get("user") !== null || SHOPPER_COOKIES.some((name) => getCookie(c, name) !== undefined);
}

/**
 * The shopper's parts, read for this request (never while a shell renders:
 * call it after). Null for a visitor with nothing of their own. Takes the
 * flash, so it is shown once.
 */
export async function loadShopperView(c: Context<AppEnv>): Promise<ShopperView | null> {
  if (!mayHaveShopperState(c)) return null;
  const user = c.get("user") ?? null;
  const owner = await readCartOwner(c);
  const flash = takeFlash(c);
  const [bag, favourites] = owner
    ? await Promise.all([countItems(c.env.DB, owner), listFavourites(c.env.DB, owner)])
    : [0, [] as string[]];
  if (!user && !owner && !flash) return null;
  return { user, owner, bag, favourites: new Set(favourites), flash };
}
