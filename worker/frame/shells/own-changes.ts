import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { PAGES_CHANGED_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../../platform/app-env";
import { SHELL_SECONDS } from "./shell-store";

/*
 * A shopper's own changes on their next pages (docs/decisions/0084-stale-shells.md). A kept page whose
 * content has moved on is served stale once while it is made again: right for everyone else, wrong for
 * the one who moved it. A shopper who has just ordered the last two of a shade would read "Only 3 left"
 * on the product's page, and staff who approved a review would not find it where the desk said it is.
 * So a request that changed what pages show says when in a cookie, and that browser is never served a
 * stale copy kept before then: it gets the page made anew (or waits for the render under way). A cookie,
 * not the D1 bookmark: adding to the bag writes too, and changes no page.
 */

/** A clock on another machine may run ahead a little; a time further ahead than this is not ours. */
const SKEW_MS = 60_000;

/** This request changed what kept pages show (call before the answer is made). */
export function noteOwnChange(c: Context<AppEnv>, now = Date.now()): void {
  setCookie(c, PAGES_CHANGED_COOKIE, String(now), {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge: SHELL_SECONDS,
  });
}

/**
 * When this browser last changed what pages show, or null: no note, or one no kept copy can be older
 * than (SHELL_SECONDS ago), or not a time this shop wrote.
 */
export function ownChangeAt(c: Context<AppEnv>, now = Date.now()): number | null {
  const value = getCookie(c, PAGES_CHANGED_COOKIE);
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const at = Number(value);
  return at > now - SHELL_SECONDS * 1000 && at <= now + SKEW_MS ? at : null;
}
