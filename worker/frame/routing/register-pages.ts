import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { PageName, PageQuery, RouteDefinition } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { reads } from "../../platform/routing/route-spec";
import { canonicalUrl, readPageQuery } from "../shells/page-query";
import { pageShell } from "../shells/page-shell";
import { routeMiddleware } from "./route-middleware";

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/** Every page module by the name the route table uses (worker/page-registry.ts builds it). */
export type PageHandlers = Readonly<Record<PageName, PageHandler>>;

/** A query parameter the page reads with a value it cannot use: a 301 to its one spelling, before any shell or render. */
function oneSpelling(kind: PageQuery) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const url = new URL(c.req.url);
    const read = readPageQuery(kind, url);
    if (read.invalid) return c.redirect(canonicalUrl(url, read), 301);
    await next();
  });
}

/**
 * Registers every row of the route table: its row for the global middleware, its route
 * middleware, the page shell when the page is the same for every shopper (not personal), the page.
 */
export function registerPages(app: Hono<AppEnv>, table: readonly RouteDefinition[], pages: PageHandlers): void {
  for (const route of table) {
    const chain: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[] = [
      reads({ session: "resume", personal: route.personal, query: route.query }),
      ...route.middleware.map((name) => routeMiddleware[name]),
      ...(route.query === "none" ? [] : [oneSpelling(route.query)]),
      ...(route.personal ? [] : [pageShell]),
      pages[route.page],
    ];
    app.on("GET", route.path, ...(chain as [Handler<AppEnv>]));
  }
}
