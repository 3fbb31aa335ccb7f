import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";

/** A host that starts with `www.` is sent permanently to the bare host, path and query kept. */
export const canonicalHost = createMiddleware<AppEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  if (url.hostname.startsWith("www.")) {
    url.hostname = url.hostname.slice(4);
    return c.redirect(url.toString(), 301);
  }
  await next();
});
