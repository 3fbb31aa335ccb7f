import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../app-env";

/**
 * Cross-site request forgery guard for every state-changing request, applied
 * once in worker/index.ts. A browser marks where a request comes from with
 * `Origin` (and `Sec-Fetch-Site`); Hono's `csrf()` refuses a form-type post
 * (urlencoded, multipart, text/plain — the kinds a foreign page can send
 * without a CORS preflight) unless one of them says this site. With the shop's
 * cookies SameSite=Lax, that is the whole defence: no token sits in the HTML,
 * so a page can be the same for every shopper and be kept in a shared cache.
 *
 * Exempt, and guarded otherwise: the CMS and payment webhooks (a shared secret
 * and a signature) and the embedded CMS's Strapi-compatible API (/api/auth,
 * /api/users, /graphql), which authenticates by Bearer token as Strapi does and
 * never reads the shop's cookies, so a forged request carries nothing to abuse;
 * and the one-click unsubscribe of the back-in-stock e-mail, which mail providers
 * POST from their own servers (RFC 8058): the secret token in its path authorises
 * it, and all a forged one could do is what its link already does.
 */
export const CSRF_EXEMPT: readonly string[] = [
  "/api/cms/webhook",
  "/api/payments/webhook",
  "/api/auth/",
  "/api/users/",
  "/graphql",
  "/stock-alerts/unsubscribe/",
];

export const CROSS_SITE_MESSAGE =
  "This form was sent from another site, so we did not accept it. Please go back to the shop, reload the page and try again.";

export function isCsrfExempt(path: string): boolean {
  return CSRF_EXEMPT.some((prefix) => (prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix));
}

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
  if (isCsrfExempt(c.req.path)) return next();
  // Hono's check runs with a no-op `next`, so only its own refusal is caught here.
  try {
    await honoCsrf(c, async () => {});
  } catch (error) {
    if (error instanceof HTTPException && error.status === 403) return c.text(CROSS_SITE_MESSAGE, 403);
    throw error;
  }
  await next();
});
