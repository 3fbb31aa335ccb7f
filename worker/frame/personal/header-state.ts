import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { readCartOwner } from "../../platform/bag/cart-owner";
import { shopperCounts } from "../../platform/bag/shopper-counts";
import { log } from "../../platform/log/log";
import { displayName } from "../../platform/session/session";
import { viewerOf } from "../../platform/session/viewer";
import { readVisitorCounts } from "./visitor-counts";

export interface HeaderCounts {
  favourites: number;
  bag: number;
}

export interface HeaderUser {
  name: string;
}

export interface HeaderState {
  counts: HeaderCounts;
  user: HeaderUser | null;
}

/**
 * What the header shows about this shopper: bag and favourites counts and the
 * signed-in user, as the page being drawn is for them (nobody, rendering for keeping). Anonymous visitors without
 * a bag, or with their counts cookie, cost no query; others one (the same read that fills a kept page's header,
 * made with the session check for a signed-in shopper).
 * The counts are the header's least part: when D1 cannot give them the header shows none rather
 * than the page failing, and the error page, drawn after the same read failed for the page, still
 * stands in its layout.
 */
export async function loadHeaderState(c: Context<AppEnv>): Promise<HeaderState> {
  const { user } = viewerOf(c);
  const owner = await readCartOwner(c);
  // A visitor's counts cookie says it all, without a round trip (visitor-counts.ts).
  const kept = owner?.kind === "visitor" ? await readVisitorCounts(c, owner.id) : null;
  if (kept) return { counts: { favourites: kept.favourites, bag: kept.bag }, user: null };
  const counts = owner
    ? await shopperCounts(c, owner).catch((error: unknown) => {
        log.error("The header's counts could not be read", { error });
        return null;
      })
    : null;
  return {
    counts: { favourites: counts?.favourites.length ?? 0, bag: counts?.bag ?? 0 },
    user: user ? { name: displayName(user) } : null,
  };
}
