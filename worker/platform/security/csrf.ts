import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";
import { writeSpec } from "../routing/route-spec";

/**
 * Cross-site request forgery guard for every state-changing request, applied
 * once in worker/index.ts. A browser marks where a request comes from with
 * `Origin` (and `Sec-Fetch-Site`); Hono's `csrf()` refuses a form-type post
 * (urlencoded, multipart, text/plain — the kinds a foreign page can send
 * without a CORS preflight) unless one of them says this site. With the shop's
 * cookies SameSite=Lax, that is the whole defence: no token sits in the HTML,
 * so a page can be the same for every shopper and be kept in a shared cache.
 *
 * A route is exempt when its row says why (`csrf: { exempt: "…" }`, next to its handler):
 * the webhooks (a shared secret, a signature), the embedded CMS's Strapi-compatible API
 * (Bearer tokens, never the shop's cookies) and the one-click unsubscribe that mail
 * providers post from their own servers (RFC 8058: the token in its path authorises it).
 */
export const CROSS_SITE_MESSAGE =
  "This form was sent from another site, so we did not accept it. Please go back to the shop, reload the page and try again.";

const honoCsrf = csrf({
  // This site's own origin, and the configured public one when the shop sits behind another host name.
  origin: (origin, c) => {
    if (origin === new URL(c.req.url).origin) return true;
    const configured = ((c.env as Env).PUBLIC_ORIGIN ?? "").trim().replace(/\/+$/, "");
    return configured !== "" && origin === configured;
  },
  secFetchSite: "same-origin",
});

export const originGuard = createMiddleware<AppEnv>(async (c, next) => {
  // A route without a row (an unknown path) is checked too.
  const row = writeSpec(c);
  if (row && row.csrf !== "origin-checked") return next();
  // Hono's check runs with a no-op `next`, so only its own refusal is caught here.
  try {
    await honoCsrf(c, async () => {});
  } catch (error) {
    if (error instanceof HTTPException && error.status === 403) return c.text(CROSS_SITE_MESSAGE, 403);
    throw error;
  }
  await next();
});
