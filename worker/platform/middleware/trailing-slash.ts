import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { safeLocalPath } from "../security/safe-path";

/**
 * `/blog/` → `/blog` with a permanent redirect, query kept; `/` stays as it is.
 * The target goes through safeLocalPath: `//evil.example/` must become
 * `/evil.example` (a 404 here), never `Location: //evil.example` (another site).
 *
 * Only GET and HEAD are redirected, as Hono's trimTrailingSlash does: a browser
 * follows a 301 after a POST with a GET, so the form's body would be lost and the
 * shopper sent to a page instead of the action; such a request is a 404 instead.
 * Hono's own middleware is not used: it builds the Location from the raw URL
 * (`//evil.example/` stays `//evil.example` in the path, and only one slash is
 * taken off), and without `alwaysRedirect` it redirects only after the app
 * answered 404, after the redirect rules and the page had already run.
 */
export const trailingSlash = createMiddleware<AppEnv>(async (c, next) => {
  const method = c.req.method;
  const url = new URL(c.req.url);
  if ((method === "GET" || method === "HEAD") && url.pathname.length > 1 && url.pathname.endsWith("/")) {
    const trimmed = url.pathname.replace(/\/+$/, "") || "/";
    // Relative Location keeps the shopper on the host they asked for.
    return c.redirect(safeLocalPath(trimmed + url.search, "/"), 301);
  }
  await next();
});
