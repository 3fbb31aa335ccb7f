import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { TOKEN_COOKIE_MAX_AGE } from "../../../shared/constants";
import { TOKEN_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../app-env";

/**
 * The CMS token in the `strapi_jwt` cookie (spec section 9): path /, 7 days,
 * Secure, SameSite Lax, and HttpOnly (DESIGN.md: only the worker reads it).
 */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function readToken(c: Context<AppEnv>): string | null {
  const value = getCookie(c, TOKEN_COOKIE);
  return value && value.length < 4096 && JWT_SHAPE.test(value) ? value : null;
}

export function storeToken(c: Context<AppEnv>, jwt: string): void {
  setCookie(c, TOKEN_COOKIE, jwt, {
    path: "/",
    maxAge: TOKEN_COOKIE_MAX_AGE,
    secure: true,
    sameSite: "Lax",
    httpOnly: true,
  });
  c.set("token", jwt);
}

export function clearToken(c: Context<AppEnv>): void {
  deleteCookie(c, TOKEN_COOKIE, { path: "/", secure: true, sameSite: "Lax", httpOnly: true });
  c.set("token", null);
  c.set("user", null);
}
