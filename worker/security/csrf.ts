import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { timingSafeEqual } from "./constant-time";
import { requireSecret } from "./secrets";

/**
 * CSRF protection for state-changing posts: a random per-browser cookie and a
 * form token that is its HMAC under COOKIE_SECRET (signed double submit), plus
 * an Origin check. Forms render `<input type="hidden" name="_csrf" value={csrfToken(c)}>`;
 * islands send the same value in the `X-CSRF-Token` header.
 */
const COOKIE = "csrf_id";
export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "X-CSRF-Token";

async function hmac(secret: string, value: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`csrf:${value}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac))).replace(
    /[+/=]/g,
    (ch) => ({ "+": "-", "/": "_", "=": "" })[ch]!,
  );
}

/** The token for this browser's forms; sets the cookie on first use. */
export async function csrfToken(c: Context<AppEnv>): Promise<string> {
  // One id per request: a page with several forms must not mint several cookies.
  let id = c.get("csrfId") ?? getCookie(c, COOKIE);
  if (!id || !/^[A-Za-z0-9_-]{22,}$/.test(id)) {
    id = crypto.randomUUID().replaceAll("-", "");
    setCookie(c, COOKIE, id, { path: "/", httpOnly: true, secure: true, sameSite: "Lax", maxAge: 60 * 60 * 24 * 30 });
  }
  c.set("csrfId", id);
  return hmac(requireSecret(c.env, "COOKIE_SECRET"), id);
}

async function submittedToken(c: Context<AppEnv>): Promise<string | undefined> {
  const header = c.req.header(CSRF_HEADER);
  if (header) return header;
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const body = await c.req.parseBody({ all: true });
    const value = body[CSRF_FIELD];
    return typeof value === "string" ? value : undefined;
  }
  return undefined;
}

/** Rejects a post from another site or without this browser's token (403 with a message). */
export const verifyCsrf: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD" || c.req.method === "OPTIONS") return next();
  const origin = c.req.header("origin");
  if (origin && origin !== new URL(c.req.url).origin) {
    return c.text("This form was sent from another site. Please reload the page and try again.", 403);
  }
  const id = getCookie(c, COOKIE);
  const sent = await submittedToken(c);
  const expected = id ? await hmac(requireSecret(c.env, "COOKIE_SECRET"), id) : "";
  if (!id || !sent || !timingSafeEqual(sent, expected)) {
    return c.text("Your session expired before the form was sent. Please reload the page and try again.", 403);
  }
  await next();
});
