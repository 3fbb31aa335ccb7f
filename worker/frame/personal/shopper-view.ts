import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  FLASH_COOKIE,
  SESSION_COOKIE,
  TOKEN_COOKIE,
  VISITOR_COOKIE,
  VISITOR_COUNTS_COOKIE,
} from "../../../shared/cookie-names";
import type { AppEnv } from "../../platform/app-env";
import { shopperCartOwner } from "../../platform/bag/cart-owner";
import { shopperCounts } from "../../platform/bag/shopper-counts";
import { log } from "../../platform/log/log";
import { takeFlash } from "./flash";
import type { ShopperView } from "./personal-fragment";
import { readVisitorCounts } from "./visitor-counts";

/** Cookies that can make a page this shopper's own. Without any, the shared shell is served as it is. */
const SHOPPER_COOKIES = [TOKEN_COOKIE, SESSION_COOKIE, VISITOR_COOKIE, FLASH_COOKIE, VISITOR_COUNTS_COOKIE];

export function mayHaveShopperState(c: Context<AppEnv>): boolean {
  return c.get("user") !== null || SHOPPER_COOKIES.some((name) => getCookie(c, name) !== undefined);
}

/** Which parts below the header the page has (a kept shell knows; a fresh render has them all). */
export interface PageNeeds {
  hearts: boolean;
  ownReviews: boolean;
}

const EVERYTHING: PageNeeds = { hearts: true, ownReviews: true };

/**
 * The shopper's parts, read for this request (never while a shell renders:
 * call it after). Null for a visitor with nothing of their own. Takes the
 * flash, so it is shown once. A visitor's counts come from their counts cookie
 * when it is there and the page needs no more (visitor-counts.ts); otherwise
 * one D1 query reads bag, favourites and pending reviews.
 */
export async function loadShopperView(c: Context<AppEnv>, needs: PageNeeds = EVERYTHING): Promise<ShopperView | null> {
  if (!mayHaveShopperState(c)) return null;
  const user = c.get("user") ?? null;
  const owner = await shopperCartOwner(c);
  const flash = takeFlash(c);
  if (!user && !owner && !flash) return null;
  const view = { user, owner, flash };
  if (!owner) return { ...view, bag: 0, favouriteCount: 0, favourites: new Set(), pendingReviews: new Set() };
  const kept = owner.kind === "visitor" ? await readVisitorCounts(c, owner.id) : null;
  if (kept && !(needs.hearts && kept.favourites > 0) && !(needs.ownReviews && kept.pendingReviews)) {
    return {
      ...view,
      bag: kept.bag,
      favouriteCount: kept.favourites,
      favourites: new Set(),
      pendingReviews: new Set(),
    };
  }
  // Counts D1 cannot give are left out (as a visitor's without a bag): a kept page is still served,
  // its header without them, rather than an error in its place.
  const counts = await shopperCounts(c, owner).catch((error: unknown) => {
    log.error("The shopper's counts could not be read", { error });
    return { bag: 0, favourites: [], pendingReviews: [] };
  });
  return {
    ...view,
    bag: counts.bag,
    favouriteCount: counts.favourites.length,
    favourites: new Set(counts.favourites),
    pendingReviews: new Set(counts.pendingReviews),
  };
}
