import type { Context, Handler, Hono, MiddlewareHandler } from "hono";
import { isPersonalPath } from "../../../shared/personal-paths";
import type { PageName, RouteDefinition } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { pageShell } from "../shells/page-shell";
import { routeMiddleware } from "./route-middleware";

export type PageHandler = (c: Context<AppEnv>) => Promise<Response>;

/** Every page module by the name the route table uses (worker/page-registry.ts builds it). */
export type PageHandlers = Readonly<Record<PageName, PageHandler>>;

/**
 * A screen is the same for every shopper (so it is served from a page shell)
 * unless it lives under a personal path or depends on who is signed in.
 */
export function isSharedPage(route: RouteDefinition): boolean {
  const personal = route.middleware?.some((name) => name === "auth" || name === "guest") ?? false;
  return !personal && !isPersonalPath(route.path);
}

/** Registers every row of the route table: its route middleware, the page shell when shared, the page. */
export function registerPages(app: Hono<AppEnv>, table: readonly RouteDefinition[], pages: PageHandlers): void {
  for (const route of table) {
    const chain: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[] = [
      ...(route.middleware ?? []).map((name) => routeMiddleware[name]),
      ...(isSharedPage(route) ? [pageShell] : []),
      pages[route.page],
    ];
    app.on("GET", route.path, ...(chain as [Handler<AppEnv>]));
  }
}
