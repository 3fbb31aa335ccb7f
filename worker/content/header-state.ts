import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { readCartOwner } from "../cart/cart-owner";
import { countItems } from "../cart/cart-store";
import { countFavourites } from "../favourites/favourite-store";
import type { HeaderCounts, HeaderUser } from "../layout/header";
import { displayName } from "../session/session";

export interface HeaderState {
  counts: HeaderCounts;
  user: HeaderUser | null;
}

/**
 * What the header shows about this shopper: bag and favourites counts and the
 * signed-in user. Anonymous visitors without a bag cost no query.
 */
export async function loadHeaderState(c: Context<AppEnv>): Promise<HeaderState> {
  const user = c.get("user") ?? null;
  const owner = await readCartOwner(c);
  const [bag, favourites] = owner
    ? await Promise.all([countItems(c.env.DB, owner), countFavourites(c.env.DB, owner)])
    : [0, 0];
  return { counts: { favourites, bag }, user: user ? { name: displayName(user) } : null };
}
