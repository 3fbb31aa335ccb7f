import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { keyOpens } from "../../platform/orders/order-access";
import type { Order } from "../../platform/orders/order-record";

/**
 * The order page opened by its key (`/cart/order/NB-…?key=…`, decision 0112), from an order e-mail or
 * the order lookup, in any browser: `undefined` when the URL carries no key (the account or the
 * placing browser decide), else whether the key is the order's. A wrong key is the same 404 as an
 * order that does not exist (worker/screens/cart/order-views.tsx).
 */
export function openedByKey(c: Context<AppEnv>, order: Order): boolean | undefined {
  const key = c.req.query("key");
  return key === undefined ? undefined : keyOpens(order.accessToken, key);
}

/**
 * An order page's URL may carry its key: it stays out of search engines, out of every cache, and out
 * of the Referer a click from it sends (security-headers.ts keeps this policy).
 */
export function keepOrderPagePrivate(c: Context<AppEnv>): void {
  c.set("noindex", true);
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.header("Referrer-Policy", "no-referrer");
  c.header("Cache-Control", "private, no-store");
}
