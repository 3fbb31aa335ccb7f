import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { ADD_TOKEN_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../app-env";

/**
 * An add's token (docs/decisions/0140-a-plain-form-add-carries-its-token-in-a-cookie.md): the same
 * add sent twice adds once (the token is stored on the line it changed, cart-add.ts). The island sends
 * one with each add the shopper means. A plain form (scripts off, or before the island wakes) cannot:
 * its page is kept and the same for everyone. Its token is the browser's: a cookie that every add's
 * answer renews, so a resend of the same post (a double click, the browser's own retry, "try again"
 * after a 503) carries the same one, and the shopper's next add a new one.
 */
const TOKEN = /^[\w-]{16,64}$/;

/** A day: a token only has to outlive the time between one add's answer and the next add. */
const MAX_AGE = 60 * 60 * 24;

/** The form's token, else the browser's; null when neither is there (a first add, a script without cookies). */
export function addTokenOf(c: Context<AppEnv>, input: Record<string, string>): string | null {
  const sent = input.token?.trim() ?? "";
  if (TOKEN.test(sent)) return sent;
  const kept = getCookie(c, ADD_TOKEN_COOKIE) ?? "";
  return TOKEN.test(kept) ? kept : null;
}

/**
 * A new token for the browser's next add, set once an add's batch ran: its line holds this add's
 * token now. Not after a batch that failed, whose resend must carry the same token.
 */
export function renewAddToken(c: Context<AppEnv>): void {
  setCookie(c, ADD_TOKEN_COOKIE, crypto.randomUUID(), {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge: MAX_AGE,
  });
}
