import type { Context } from "hono";
import { deleteCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { VISITOR_COUNTS_COOKIE } from "../../../shared/cookie-names";
import { requireSecret } from "../../../shared/secrets";
import type { AppEnv } from "../../platform/app-env";
import { shopperCounts } from "../../platform/bag/shopper-counts";
import { log } from "../../platform/log/log";
import { readSignedCookie, writeSignedCookie } from "../../platform/security/signed-cookie";
import { readVisitorId } from "../../platform/security/visitor-id";

/**
 * An anonymous shopper's header counts, kept in their own browser: a signed
 * cookie with their visitor id, bag count, favourites count and whether a
 * review of theirs waits for moderation. A visitor's bag and favourites can
 * change only through requests that carry their visitor cookie, so the shop
 * rewrites this cookie after every state-changing request of a visitor (one
 * place, the middleware below) and a kept page can fill the header without a
 * D1 round trip. Signed-in shoppers (whose bag another device may change) are
 * always read from D1.
 */
const MAX_AGE = 60 * 60 * 24;

export interface VisitorCounts {
  bag: number;
  favourites: number;
  pendingReviews: boolean;
}

export async function readVisitorCounts(c: Context<AppEnv>, visitorId: string): Promise<VisitorCounts | null> {
  const value = await readSignedCookie(c, VISITOR_COUNTS_COOKIE, requireSecret(c.env, "COOKIE_SECRET"));
  const match = value !== null ? value.match(/^([0-9a-f]{32})\.(\d{1,4})\.(\d{1,4})\.([01])$/) : null;
  if (!match || match[1] !== visitorId) return null;
  return { bag: Number(match[2]), favourites: Number(match[3]), pendingReviews: match[4] === "1" };
}

/** After any state-changing request: a visitor's counts as they are now, or no cookie for anyone else. */
export const keepVisitorCounts = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.res.status >= 500) return;
  const visitorId = c.get("user") ? null : await readVisitorId(c);
  if (!visitorId) {
    if (c.req.header("cookie")?.includes(`${VISITOR_COUNTS_COOKIE}=`))
      deleteCookie(c, VISITOR_COUNTS_COOKIE, { path: "/" });
    return;
  }
  const counts = await shopperCounts(c, { kind: "visitor", id: visitorId }).catch((error: unknown) => {
    log.error("Reading a visitor's counts failed", { error });
    return null;
  });
  if (!counts) {
    // Not known now: no cookie rather than a wrong one, so the next page reads them from D1.
    deleteCookie(c, VISITOR_COUNTS_COOKIE, { path: "/" });
    return;
  }
  const value = [visitorId, counts.bag, counts.favourites.length, counts.pendingReviews.length > 0 ? 1 : 0].join(".");
  await writeSignedCookie(c, VISITOR_COUNTS_COOKIE, value, requireSecret(c.env, "COOKIE_SECRET"), {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge: MAX_AGE,
  });
});
