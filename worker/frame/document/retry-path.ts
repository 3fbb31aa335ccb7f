import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { sameOriginBack } from "../../platform/security/safe-path";

/**
 * Where "Try again" leads on a page that failed: the page itself as asked (path without its locale
 * prefix, which the page's links get back, and its query), or, after a form was posted, the page of
 * this site it was posted from (asking the action's URL again would be a GET it does not answer);
 * null when there is none.
 */
export function retryPath(c: Context<AppEnv>): string | null {
  if (c.req.method === "GET" || c.req.method === "HEAD") return c.req.path + new URL(c.req.url).search;
  const back = sameOriginBack(c.req.header("referer"), c.req.url, "");
  return back === "" ? null : back;
}
