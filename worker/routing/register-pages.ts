import type { Handler, Hono, MiddlewareHandler } from "hono";
import type { RouteDefinition } from "../../shared/routes";
import type { AppEnv } from "../app-env";
import { pageHandlers } from "../pages/page-registry";
import { resolveRouteMiddleware } from "./route-middleware";

/** Registers every row of the route table; a bad row fails at start-up, not at request time. */
export function registerPages(app: Hono<AppEnv>, table: readonly RouteDefinition[]): void {
  for (const route of table) {
    const handler = pageHandlers[route.page];
    if (!handler) throw new Error(`Unknown page module: "${route.page}" on route ${route.name}`);
    const chain: (MiddlewareHandler<AppEnv> | Handler<AppEnv>)[] = [...resolveRouteMiddleware(route), handler];
    app.on("GET", route.path, ...(chain as [Handler<AppEnv>]));
  }
}
