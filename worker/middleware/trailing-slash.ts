import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/** `/blog/` → `/blog` with a permanent redirect, query kept; `/` stays as it is. */
export const trailingSlash = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if (url.pathname.length > 1 && url.pathname.endsWith("/")) {
    url.pathname = url.pathname.replace(/\/+$/, "") || "/";
    // Relative Location keeps the shopper on the host they asked for.
    return c.redirect(url.pathname + url.search, 301);
  }
  await next();
});
