import type { Context, MiddlewareHandler } from "hono";
import type { FateWord } from "../../../shared/log/log-line";
import { routes } from "../../../shared/routes";
import type { AppEnv } from "../app-env";
import { routeSpec } from "../routing/route-spec";
import { currentLogScope, type LogScope, log, withLogScope } from "./log";

/** Cloudflare's ray id: 16 hex digits, then the location. Anything else in the header is not taken as an id. */
const RAY = /^[0-9a-f]{16}(-[A-Z]{3})?$/;

const PAGE_NAMES = new Map(routes.map((route) => [route.path, route.name]));

/** The request's id: its `cf-ray`, else a new one (local development, tests). */
export function requestIdOf(request: Request): string {
  const ray = request.headers.get("cf-ray");
  return ray && RAY.test(ray) ? ray : crypto.randomUUID();
}

/** The route's name from the route table, else its row's method and pattern (`POST /cart/add`), else "unmatched". */
export function routeName(c: Context<AppEnv>): string {
  const row = routeSpec(c);
  if (!row) return "unmatched";
  return PAGE_NAMES.get(row.path) ?? `${c.req.method} ${row.path}`;
}

function coloOf(request: Request): string | undefined {
  const colo = (request as Request & { cf?: { colo?: unknown } }).cf?.colo;
  return typeof colo === "string" ? colo : undefined;
}

/**
 * The first middleware (worker/index.ts): opens the request's log scope and writes its one line
 * once the answer is ready (decision 0110). `fateOf` tells a shared page's fate from the answer
 * (worker/frame/shells/fate-word.ts). A request the app sends itself while serving one (a stale
 * page rendered anew) is part of that one: it writes no line of its own.
 */
export function requestLine(fateOf: (c: Context<AppEnv>) => FateWord | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (currentLogScope()) return next();
    const started = Date.now();
    const scope: LogScope = { requestId: requestIdOf(c.req.raw), colo: coloOf(c.req.raw) };
    await withLogScope(scope, async () => {
      await next();
      const status = c.res.status;
      // Kept in the scope too: a background task that fails after the answer is reported with it
      // (worker/platform/errors/background-task.ts).
      scope.route = routeName(c);
      const fields = {
        route: scope.route,
        status,
        durationMs: Date.now() - started,
        locale: c.get("locale"),
        fate: fateOf(c),
      };
      if (status >= 500) log.error("Request answered", fields);
      else log.info("Request answered", fields);
    });
  };
}
