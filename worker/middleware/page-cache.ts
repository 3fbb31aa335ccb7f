import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { LOCALE_COOKIE, TOKEN_COOKIE } from "../../shared/constants";
import { isPersonalPath } from "../../shared/personal-paths";
import type { AppEnv } from "../app-env";
import { requireSecret } from "../security/secrets";

/** Cookies that make a page this shopper's own: the session and the visitor id. */
const SESSION_COOKIES = [TOKEN_COOKIE, "visitor_id"];

/** Browsers always revalidate (cheap with the ETag) so a new build shows at once; the edge may keep it briefly. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const EDGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";
export const PERSONAL_CACHE_CONTROL = "private, no-store";

const encoder = new TextEncoder();

function isPublicRequest(c: Context<AppEnv>): boolean {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return false;
  if (isPersonalPath(c.req.path) || c.get("user")) return false;
  return SESSION_COOKIES.every((name) => getCookie(c, name) === undefined);
}

function base64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/**
 * The nonce of a public page is derived from its content: an HMAC over the
 * HTML with the request's random nonce taken out. The same page gives the same
 * bytes (so a strong ETag is honest and a cached copy's CSP header still
 * matches its body), while nobody without the secret can predict it, and an
 * injected `<script nonce=…>` would change the content it is derived from.
 */
async function contentNonce(secret: string, html: string, requestNonce: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`csp-nonce\n${html.replaceAll(requestNonce, "")}`));
  return base64(mac.slice(0, 16));
}

async function strongEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(body));
  return `"${base64(digest.slice(0, 18)).replace(/\+/g, "-").replace(/\//g, "_")}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/**
 * Per-page HTTP caching. Pages the same for every visitor (GET, no session
 * cookie, not a personal path, 200, no cookie being set) get a strong ETag,
 * public Cache-Control and 304 on a matching If-None-Match; they are buffered
 * to hash them. Everything that depends on the shopper is `private, no-store`
 * and keeps streaming. See docs/decisions/0004-public-pages-content-nonce.md.
 */
export const pageCache = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (!type.startsWith("text/html")) return;
  if (!isPublicRequest(c)) {
    c.res.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    return;
  }
  c.res.headers.append("Vary", "Cookie");
  if (c.res.status !== 200 || !c.res.body) return;
  const cookies = c.res.headers.getSetCookie();
  if (cookies.some((cookie) => !cookie.startsWith(`${LOCALE_COOKIE}=`))) {
    c.res.headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    return;
  }
  const requestNonce = c.get("nonce");
  let html = await c.res.text();
  const nonce = await contentNonce(requireSecret(c.env, "COOKIE_SECRET"), html, requestNonce);
  html = html.replaceAll(requestNonce, nonce);
  c.set("nonce", nonce);
  const etag = await strongEtag(html);
  const headers = new Headers(c.res.headers);
  headers.set("ETag", etag);
  // Setting the locale cookie makes this one answer personal; the next visit is public.
  headers.set("Cache-Control", cookies.length ? "private, no-cache" : PUBLIC_CACHE_CONTROL);
  if (!cookies.length) headers.set("CDN-Cache-Control", EDGE_CACHE_CONTROL);
  if (matches(c.req.header("if-none-match"), etag)) {
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  c.res = undefined;
  c.res = new Response(html, { status: 200, headers });
});
