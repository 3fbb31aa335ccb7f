import type { Handler, Hono, MiddlewareHandler } from "hono";
import { isPersonalPath } from "../../../shared/personal-paths";
import type { RouteDefinition } from "../../../shared/routes";
import { pageHandlers } from "../../page-registry";
import type { AppEnv } from "../app-env";
import { pageShell } from "../page-shells/page-shell";
import { resolveRouteMiddleware } from "./route-middleware";

/**
 * A screen is the same for every shopper (so it is served from a page shell)
 * unless it lives under a personal path or depends on who is signed in.
 */
export function isSharedPage(route: RouteDefinition): boolean {
  const personal = route.middleware?.some((name) => name === "auth" || name === "guest") ?? false;
  return !personal && !isPersonalPath(route.path);
}

/** Registers every row of the route table; a bad row fails at start-up, not at request time. */
export function registerPages(app: Hono<AppEnv>, table: readonly RouteDefinition[]): void {
  for (const route of table) {
    const handler = pageHandlers[route.page];
    if (!handler) throw new Error(`Unknown page module: "${route.page}" on route ${route.name}`);
    const chain: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[] = [
      ...resolveRouteMiddleware(route),
      ...(isSharedPage(route) ? [pageShell] : []),
      handler,
    ];
    app.on("GET", route.path, ...(chain as [Handler<AppEnv>]));
  }
}
