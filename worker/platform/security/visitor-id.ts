import type { Context } from "hono";
import { VISITOR_COOKIE } from "../../../shared/cookie-names";
import { requireSecret } from "../../../shared/secrets";
import type { AppEnv } from "../app-env";
import { readSignedCookie, writeSignedCookie } from "./signed-cookie";

/**
 * An anonymous shopper's id for their bag and favourites: a random id in a
 * cookie signed with COOKIE_SECRET, so nobody can pick another shopper's id.
 */
const MAX_AGE = 60 * 60 * 24 * 90;

export async function readVisitorId(c: Context<AppEnv>): Promise<string | null> {
  const known = c.get("visitorId");
  if (known !== undefined) return known;
  const value = await readSignedCookie(c, VISITOR_COOKIE, requireSecret(c.env, "COOKIE_SECRET"));
  const id = value !== null && /^[0-9a-f]{32}$/.test(value) ? value : null;
  // Read once: a request asks for it three or four times (its limits, its bag, its counts' cookie).
  c.set("visitorId", id);
  return id;
}

/** The visitor id, creating and setting one when the browser has none. */
export async function ensureVisitorId(c: Context<AppEnv>): Promise<string> {
  const existing = await readVisitorId(c);
  if (existing) return existing;
  const id = crypto.randomUUID().replaceAll("-", "");
  // Known to the rest of this request too (the cookie only comes back with the next one).
  c.set("visitorId", id);
  await writeSignedCookie(c, VISITOR_COOKIE, id, requireSecret(c.env, "COOKIE_SECRET"), {
    path: "/",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    maxAge: MAX_AGE,
  });
  return id;
}

/**
 * Who a per-visitor limit counts (docs/decisions/0073): the account when signed in, else the
 * visitor id. A browser without one is given one now, so shoppers behind one carrier address
 * never share a bucket; a client that throws its cookies away meets the per-address limit.
 */
export async function visitorLimitSubject(c: Context<AppEnv>): Promise<string> {
  const user = c.get("user");
  return user ? `user:${user.id}` : `visitor:${await ensureVisitorId(c)}`;
}
