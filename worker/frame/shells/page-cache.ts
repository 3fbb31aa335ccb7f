import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { shortDigest } from "../../../shared/bytes";
import { LOCALE_COOKIE, SESSION_COOKIE, TOKEN_COOKIE, VISITOR_COOKIE } from "../../../shared/cookie-names";
import { isPersonalPath } from "../../../shared/personal-paths";
import type { AppEnv } from "../../platform/app-env";
import { routeSpec } from "../../platform/routing/route-spec";
import { setPageNonce, withContentNonce } from "../personal/nonce";

/** Cookies that make a page this shopper's own: the session and the visitor id. */
const SESSION_COOKIES = [TOKEN_COOKIE, SESSION_COOKIE, VISITOR_COOKIE];

/**
 * The validator of a page the same for every visitor: a strong ETag (its CSP nonce is derived from its
 * content: frame/personal/nonce.ts). See docs/decisions/0004-public-pages-content-nonce.md.
 */
export async function strongEtag(body: string): Promise<string> {
  return `"${await shortDigest(body)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Browsers always revalidate (cheap with the ETag) so a new build shows at once; the edge may keep it briefly. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, must-revalidate";
export const EDGE_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * The edge's keeping of a kept page that must be made again by `madeAgainBy` (ms; a sale's start or
 * end, decision 0120): EDGE_CACHE_CONTROL when that is further than the edge would keep it anyway,
 * else only until then, and nothing stale after.
 */
export function edgeCacheControl(madeAgainBy: number | null, now = Date.now()): string {
  if (madeAgainBy === null || madeAgainBy - now > 360_000) return EDGE_CACHE_CONTROL;
  return `public, max-age=${Math.max(0, Math.min(60, Math.floor((madeAgainBy - now) / 1000)))}`;
}
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/** Says how a shared page was answered: "hit", "stale" (made for older versions, decision 0084) or "miss". */
export const SHELL_STATE_HEADER = "X-Page-Shell";

function isPublicRequest(c: Context<AppEnv>): boolean {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return false;
  // The route's row says; a path no row covers (a 404) is personal when it lies in a personal area.
  if ((routeSpec(c)?.personal ?? isPersonalPath(c.req.path)) || c.get("user")) return false;
  return SESSION_COOKIES.every((name) => getCookie(c, name) === undefined);
}

/**
 * Per-page HTTP caching for HTML that no page shell served (worker/frame/shells/page-shell.ts
 * sets its own): the 404 page, personal pages. Pages the same for every visitor (GET, no session
 * cookie, not a personal path, 200, no cookie being set) get a strong ETag,
 * public Cache-Control and 304 on a matching If-None-Match; they are buffered
 * to hash them. Everything that depends on the shopper is `private, no-store`
 * and keeps streaming. See docs/decisions/0004-public-pages-content-nonce.md; why not
 * Hono's etag(): docs/decisions/0014-hono-middleware-where-it-fits.md.
 */
export const pageCache = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (!type.startsWith("text/html")) return;
  if (c.res.headers.has(SHELL_STATE_HEADER)) {
    // A page shell answered (it says how) and set its own caching; a cookie set on the way out (the locale, on a first visit) makes it private.
    if (c.res.headers.getSetCookie().length > 0 && c.res.headers.get("cache-control")?.startsWith("public")) {
      c.res.headers.set("Cache-Control", "private, no-cache");
      c.res.headers.delete("CDN-Cache-Control");
    }
    return;
  }
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
  const { html, nonce } = await withContentNonce(c, await c.res.text(), c.get("nonce"));
  setPageNonce(c, nonce);
  const etag = await strongEtag(html);
  const headers = new Headers(c.res.headers);
  headers.set("ETag", etag);
  // Setting the locale cookie makes this one answer personal; the next visit is public.
  headers.set("Cache-Control", cookies.length ? "private, no-cache" : PUBLIC_CACHE_CONTROL);
  if (!cookies.length) headers.set("CDN-Cache-Control", EDGE_CACHE_CONTROL);
  if (etagMatches(c.req.header("if-none-match"), etag)) {
    headers.delete("Content-Type");
    headers.delete("Content-Length");
    c.res = undefined;
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  c.res = undefined;
  c.res = new Response(html, { status: 200, headers });
});
