import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { RouteMiddlewareName } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";

/** Route middleware named in the route table's `middleware` column. */
export const routeMiddleware: Readonly<Record<RouteMiddlewareName, MiddlewareHandler<AppEnv>>> = {
  /** Personal and utility pages stay out of search engines. */
  noindex: createMiddleware<AppEnv>(async (c, next) => {
    c.set("noindex", true);
    await next();
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  }),
  /** Signed-in shoppers only; others go to sign-in and come back afterwards. */
  auth: createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get("user")) {
      const back = c.req.path + (new URL(c.req.url).search || "");
      return c.redirect(`/user/login?redirect=${encodeURIComponent(back)}`, 302);
    }
    await next();
  }),
  /** Sign-in and sign-up make no sense once signed in. */
  guest: createMiddleware<AppEnv>(async (c, next) => {
    if (c.get("user")) return c.redirect("/user", 302);
    await next();
  }),
};
