import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { safeLocalPath } from "../security/safe-path";

/**
 * `/blog/` → `/blog` with a permanent redirect, query kept; `/` stays as it is.
 * The target goes through safeLocalPath: `//evil.example/` must become
 * `/evil.example` (a 404 here), never `Location: //evil.example` (another site).
 */
export const trailingSlash = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    const trimmed = url.pathname.replace(/\/+$/, "") || "/";
    // Relative Location keeps the shopper on the host they asked for.
    return c.redirect(safeLocalPath(trimmed + url.search, "/"), 301);
  }
  await next();
});
