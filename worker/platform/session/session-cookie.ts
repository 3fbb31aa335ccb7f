import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { TOKEN_COOKIE_MAX_AGE } from "../../../shared/constants";
import { SESSION_COOKIE, TOKEN_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../app-env";

/**
 * The two cookies of a signed-in browser:
 * - `strapi_jwt`, the CMS token (spec section 9): path /, 7 days, Secure, SameSite Lax, and
 *   HttpOnly (only the worker reads it);
 * - `__Host-session`, the shop's session id (docs/decisions/0072), set and cleared with it.
 * One without the other is no session.
 */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const SESSION_ID_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const OPTIONS = { path: "/", secure: true, sameSite: "Lax", httpOnly: true } as const;

export function readToken(c: Context<AppEnv>): string | null {
  const value = getCookie(c, TOKEN_COOKIE);
  return value && value.length < 4096 && JWT_SHAPE.test(value) ? value : null;
}

export function readSessionId(c: Context<AppEnv>): string | null {
  const value = getCookie(c, SESSION_COOKIE);
  return value && SESSION_ID_SHAPE.test(value) ? value : null;
}

/** Whether the browser sent either cookie (so clearing them is worth a Set-Cookie). */
export function hasSessionCookies(c: Context<AppEnv>): boolean {
  return getCookie(c, TOKEN_COOKIE) !== undefined || getCookie(c, SESSION_COOKIE) !== undefined;
}

export function storeSessionCookies(c: Context<AppEnv>, jwt: string, sessionId: string): void {
  setCookie(c, TOKEN_COOKIE, jwt, { ...OPTIONS, maxAge: TOKEN_COOKIE_MAX_AGE });
  setCookie(c, SESSION_COOKIE, sessionId, { ...OPTIONS, maxAge: TOKEN_COOKIE_MAX_AGE });
  c.set("token", jwt);
}

export function clearSessionCookies(c: Context<AppEnv>): void {
  deleteCookie(c, TOKEN_COOKIE, OPTIONS);
  deleteCookie(c, SESSION_COOKIE, OPTIONS);
  c.set("token", null);
  c.set("user", null);
}
