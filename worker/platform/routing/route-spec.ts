import type { Context, Hono, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../app-env";

/**
 * What a route needs from the global middleware, declared once in its row next to its
 * handler: `app.post("/add", writes(BAG_ACTION), handler)`, where the row is a `WriteSpec`
 * named above the area's routes. The middleware (request body,
 * Origin guard, session, route limits, page cache) look the row up for the request through
 * Hono's own match instead of keeping lists of paths. Every fact is a required field, so a
 * row that leaves one out does not compile; tests/worker/security-route-coverage.test.ts
 * fails when a state-changing route has no `writes` row.
 */
export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** A named preset of worker/platform/routing/limit-presets.ts. */
export interface Limits {
  /** Per visitor (the account, else the signed visitor id); absent for services and API clients. */
  perVisitor?: Limit;
  /** Per address (IPv6: per /64), above what a crowd behind one carrier's address sends. */
  perAddress: Limit;
  /** The route answers a replay (same idempotency key, same words) before the limits' refusal. */
  replays?: true;
  /**
   * The route's handler counts these limits in a batch of its own action (middleware/route-limits.ts,
   * `carriedLimits`), so they cost no round trip of their own: a batch over a limit rolls back whole,
   * and one that cannot run does not do the action either. A request answered before the action (a
   * form error) is still counted, after the answer.
   */
  carried?: true;
}

/** What the body may be: its kind sets its size limit (middleware/request-body.ts). */
export type BodySpec =
  /** A browser form (urlencoded or multipart, no files): a few KB. */
  | { body: "form" }
  /** A form with file fields: `files` times the upload limit, plus a margin. */
  | { body: "upload"; files: number }
  /** A JSON API (the embedded CMS's auth and GraphQL). */
  | { body: "json" }
  /** A signed webhook from a service (read as raw text). */
  | { body: "webhook" };

/** The Origin guard checks a state-changing request, unless the row says why it need not. */
export type CsrfSpec = "origin-checked" | { exempt: string };

/**
 * Whether the session middleware resumes the shop's session (services and the CMS's API carry none).
 * `leave`: the route only ends it (sign-out), so it goes on when the CMS cannot say whose it is,
 * where any other route answers 503 (worker/platform/session/session-user-unknown.ts).
 */
export type SessionSpec = "resume" | "none" | "leave";

interface ReadFacts {
  session: SessionSpec;
  /** The answer depends on the shopper (or is the staff desk's): never kept in a shared cache. */
  personal: boolean;
}

/** A read (GET): the session it needs and whether it is personal. */
export type ReadSpec = ReadFacts;

/** A state-changing route (POST, PUT, PATCH, DELETE): also its body, its rate limits and its CSRF stance. */
export type WriteSpec = ReadFacts & BodySpec & { limits: Limits; csrf: CsrfSpec };

export type RouteSpec = ({ kind: "read" } & ReadSpec) | ({ kind: "write" } & WriteSpec);

/** The rows' marks: a middleware that only passes on, and the row it stands for. */
const ROWS = new WeakMap<object, RouteSpec>();

function mark(spec: RouteSpec): MiddlewareHandler<AppEnv> {
  const row: MiddlewareHandler<AppEnv> = async (_c, next) => {
    await next();
  };
  ROWS.set(row, spec);
  return row;
}

/** A state-changing route's row: `app.post(path, writes({ ... }), handler)`. */
export function writes(spec: WriteSpec): MiddlewareHandler<AppEnv> {
  return mark({ kind: "write", ...spec });
}

/** A read's row: `app.get(path, reads({ ... }), handler)`, or `area.use("*", reads(...))` for a whole area. */
export function reads(spec: ReadSpec): MiddlewareHandler<AppEnv> {
  return mark({ kind: "read", ...spec });
}

/** The row a handler stands for, if it is one. */
export function specOf(handler: unknown): RouteSpec | null {
  return (typeof handler === "function" && ROWS.get(handler)) || null;
}

/** A row as Hono matched it: its facts and the full path it was registered at (`/requests/:kind`). */
export type MatchedRow<S extends RouteSpec = RouteSpec> = S & { path: string };

/**
 * The row of this request's route: the last one Hono matched for its method and path (a
 * route's own row comes after its area's), or null for a path no row covers.
 */
export function routeSpec(c: Context): MatchedRow | null {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const spec = specOf(routes[i]!.handler);
    if (spec) return { ...spec, path: routes[i]!.path };
  }
  return null;
}

/** The state-changing row of this request, or null (reads, paths no row covers). */
export function writeSpec(c: Context): MatchedRow<{ kind: "write" } & WriteSpec> | null {
  const row = routeSpec(c);
  return row?.kind === "write" ? row : null;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A row declared apart from its handler, for an app mounted whole (the embedded CMS). */
export type RouteRow =
  | ({ method: "GET"; path: string } & ReadSpec)
  | ({ method: Exclude<Method, "GET">; path: string } & WriteSpec);

/** Puts rows declared apart from their handlers on the app, at their full paths. */
export function declareRows(app: Hono<AppEnv>, rows: readonly RouteRow[]): void {
  for (const row of rows) app.on(row.method, row.path, row.method === "GET" ? reads(row) : writes(row));
}

/** Every row of an app with its method and full path (the tests enumerate them). */
export function routeRows(app: Hono<AppEnv>): { method: string; path: string; spec: RouteSpec }[] {
  return app.routes.flatMap((route) => {
    const spec = specOf(route.handler);
    return spec ? [{ method: route.method, path: route.path, spec }] : [];
  });
}

/** Every state-changing row of an app with its method and full path. */
export function writeRows(app: Hono<AppEnv>): { method: string; path: string; spec: WriteSpec }[] {
  return routeRows(app).flatMap(({ method, path, spec }) => (spec.kind === "write" ? [{ method, path, spec }] : []));
}
