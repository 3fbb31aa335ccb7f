import { createMiddleware } from "hono/factory";
import { toBase64 } from "../../../shared/bytes";
import type { AppEnv } from "../app-env";

/** 128 random bits, base64: a fresh CSP nonce per response. */
function createNonce(): string {
  return toBase64(crypto.getRandomValues(new Uint8Array(16)));
}

/**
 * Security headers on every response. Inline scripts run only with this
 * request's nonce ('strict-dynamic' lets the runtime load island chunks and the
 * tag manager it was trusted to load); the page can't be framed. Not Hono's
 * secureHeaders: it fixes the CSP before the page renders, and a public page's
 * nonce is only known after (docs/decisions/0014-hono-middleware-where-it-fits.md).
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  const nonce = createNonce();
  c.set("nonce", nonce);
  await next();
  // Read back: a public page replaces the random nonce with one derived from its content (page-cache.ts).
  const pageNonce = c.get("nonce");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${pageNonce}' 'strict-dynamic' https:`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self' https://www.google-analytics.com https://*.google-analytics.com https://*.googletagmanager.com",
    "frame-src https://www.googletagmanager.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https:",
    "frame-ancestors 'none'",
  ].join("; ");
  // Responses passed through from fetch() have immutable headers: copy once.
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set("Content-Security-Policy", csp);
  c.res.headers.set("X-Content-Type-Options", "nosniff");
  // A page whose URL carries a key (an order's link, decision 0112) says no-referrer itself: it is kept.
  if (c.res.headers.get("Referrer-Policy") !== "no-referrer") {
    c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  }
  c.res.headers.set("X-Frame-Options", "DENY");
  c.res.headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
});
