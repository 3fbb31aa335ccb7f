import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { routePath } from "../../../shared/links";
import type { RouteMiddlewareName } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
import { countSearchMiss } from "../../platform/search/search-misses-store";
import { SEARCH_MISS_HEADER } from "../shells/shell-store";

/** Route middleware named in the route table's `middleware` column. */
export const routeMiddleware: Readonly<Record<RouteMiddlewareName, MiddlewareHandler<AppEnv>>> = {
  /** Personal and utility pages stay out of search engines. */
  noindex: createMiddleware<AppEnv>(async (c, next) => {
    c.set("noindex", true);
    await next();
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  }),
  /** Signed-in shoppers only; others go to sign-in and come back afterwards. */
  auth: createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("user")) {
      const back = c.req.path + (new URL(c.req.url).search || "");
      return c.redirect(routePath("user-login", { query: { redirect: back } }), 302);
    }
    await next();
  }),
  /**
   * A search that found nothing is counted for the staff desk on every view, kept or rendered:
   * the page names it in a header that its kept copy carries too, taken off here.
   */
  "search-misses": createMiddleware<AppEnv>(async (c, next) => {
    await next();
    const missed = c.res.headers.get(SEARCH_MISS_HEADER);
    if (missed === null) return;
    c.res.headers.delete(SEARCH_MISS_HEADER);
    // Counted before the answer (one D1 write, on searches that found nothing only): the desk's
    // count is never behind the pages shoppers were shown.
    await countSearchMiss(c.env.DB, decodeURIComponent(missed)).catch((error: unknown) =>
      log.error("Counting a search that found nothing failed", { error }),
    );
  }),
  /** Sign-in and sign-up make no sense once signed in. */
  guest: createMiddleware<AppEnv>(async (c, next) => {
    if (c.get("user")) return c.redirect(routePath("user"), 302);
    await next();
  }),
};
