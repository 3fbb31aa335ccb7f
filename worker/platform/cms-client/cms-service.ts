import { createMiddleware } from "hono/factory";
import type { AppEnv, CmsService, ShopBindings } from "../app-env";

/**
 * How the storefront reaches its CMS: as a fetch, the shape of a service binding, kept in the
 * bindings as `env.CMS` for the request. With CMS_URL set it is the network (a real Strapi);
 * with CMS_URL empty it is the embedded CMS's app, which worker/index.ts builds and hands
 * over here: the platform never imports worker/cms, so the embedded CMS could as well be a
 * worker of its own behind a `[[services]]` binding named CMS, which is then used as it is.
 */
export interface InProcessCms {
  fetch(request: Request, env: Env): Response | Promise<Response>;
}

/** A real Strapi at CMS_URL, over the network. */
const remoteCms: CmsService = { fetch: (request) => fetch(request) };

/**
 * The bindings with the CMS in them. A `[[services]]` binding named CMS is used as it is;
 * otherwise the CMS is made for these bindings (each request's own: nothing is kept).
 *
 * In process, a call is a function call on the embedded CMS's app, not a request to the shop: it
 * never passes the shop's middleware, so the per-address limits the shop puts on the CMS's paths
 * for outside clients (`API`, `GRAPHQL`: worker/platform/routing/limit-presets.ts) never count the
 * shop's own calls, made for whole crowds behind one carrier address (decision 0135). Nothing a
 * client sends can take this path (no header or token says "the shop"): a request from the
 * internet always enters through the app and its limits.
 */
export function withCms(env: Env & { CMS?: CmsService }, embedded: InProcessCms): ShopBindings {
  if (env.CMS) return env as ShopBindings;
  const inProcess: CmsService = { fetch: async (request) => embedded.fetch(request, env) };
  return { ...env, CMS: env.CMS_URL ? remoteCms : inProcess };
}

/** Puts the CMS into this request's bindings; the first middleware, so every later one can call it. */
export function cmsService(embedded: InProcessCms) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.env = withCms(c.env, embedded);
    await next();
  });
}
