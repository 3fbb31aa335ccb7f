import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import type { PageName, RouteDefinition } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { reads } from "../../platform/routing/route-spec";
import { pageShell } from "../shells/page-shell";
import { routeMiddleware } from "./route-middleware";

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/** Every page module by the name the route table uses (worker/page-registry.ts builds it). */
export type PageHandlers = Readonly<Record<PageName, PageHandler>>;

/**
 * Registers every row of the route table: its row for the global middleware, its route
 * middleware, the page shell when the page is the same for every shopper (not personal), the page.
 */
export function registerPages(app: Hono<AppEnv>, table: readonly RouteDefinition[], pages: PageHandlers): void {
  for (const route of table) {
    const chain: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[] = [
      reads({ session: "resume", personal: route.personal }),
      ...route.middleware.map((name) => routeMiddleware[name]),
      // The page shell also reads the query the row names (its one spelling, or a 301 to it), once for the page too.
      ...(route.personal ? [] : [pageShell(route.query)]),
      pages[route.page],
    ];
    app.on("GET", route.path, ...(chain as [Handler<AppEnv>]));
  }
}
