import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/**
 * After anything that changes what the shop shows a shopper (a post: the bag, a sign-in, a form with its
 * one-shot message), the pages the browser fetched ahead are out of date: they were made before it. A
 * same-site prefetch is used for the next navigation to its URL whatever happened meanwhile, so a form
 * that redirects back to a product page already fetched ahead (client/runtime/prefetch.ts) showed that
 * copy, made before the post, without its "Check your inbox" message and with the old bag count
 * (tests/browser/stock-alerts.test.ts, caught on a loaded machine, 2026-12-02). `Clear-Site-Data:
 * "prefetchCache"` tells the browser to drop them; it clears nothing else (no cookies, no storage), and a
 * browser that does not know the value ignores it.
 */
export const dropStalePrefetches = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return;
  c.res.headers.set("Clear-Site-Data", '"prefetchCache"');
});
