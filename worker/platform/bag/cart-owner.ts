import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { ensureVisitorId, readVisitorId } from "../security/visitor-id";
import type { CartOwner } from "./cart-store";

/**
 * Whose bag the page being drawn shows: the shopper's (shopperCartOwner), and nobody's when it
 * renders for keeping (its anonymous view, decision 0096): the edge fills the shopper's parts in afterwards.
 */
export async function readCartOwner(c: Context<AppEnv>): Promise<CartOwner | null> {
  return c.get("keeping") ? null : shopperCartOwner(c);
}

/** Whose bag this request is about: the account when signed in, else the visitor cookie. */
export async function shopperCartOwner(c: Context<AppEnv>): Promise<CartOwner | null> {
  const user = c.get("user");
  if (user) return { kind: "user", id: String(user.id) };
  const visitor = await readVisitorId(c);
  return visitor ? { kind: "visitor", id: visitor } : null;
}

/** As readCartOwner, creating the visitor id when an anonymous shopper first adds. */
export async function ensureCartOwner(c: Context<AppEnv>): Promise<CartOwner> {
  const user = c.get("user");
  if (user) return { kind: "user", id: String(user.id) };
  return { kind: "visitor", id: await ensureVisitorId(c) };
}
