import { toBase64Url } from "../../../shared/bytes";
import type { Locale } from "../../../shared/constants";
import { routePath } from "../../../shared/links";
import { timingSafeEqual } from "../security/crypto";

/**
 * A guest's way back to their order (decision 0112): a random key kept with the order
 * (orders.access_token, migrations/0135_order_access_token.sql), put in the link of every order
 * e-mail and given by the order lookup (worker/screens/account/order-lookup.tsx). It is not derived from
 * a secret, so rotating a secret breaks no link already sent; an order placed before the column gets
 * one the first time one is needed.
 */

/** 128 random bits, base64url: 22 characters. */
export function newAccessToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** What a key in a URL may look like; anything else is not looked at further. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** Whether `given` is the order's key, compared in constant time; an order without a key opens to none. */
export function keyOpens(stored: string | null, given: string | undefined): boolean {
  if (!stored || !given || !KEY_SHAPE.test(given)) return false;
  return timingSafeEqual(stored, given);
}

/**
 * The statement that gives the order written by this attempt (its idempotency key and number) its
 * key, for the order's own batch: an attempt that lost its race writes nothing.
 */
export function accessTokenStatement(
  db: D1Database,
  order: { idempotencyKey: string; number: string },
  token: string,
): D1PreparedStatement {
  return db
    .prepare("UPDATE orders SET access_token = ?3 WHERE idempotency_key = ?1 AND number = ?2 AND access_token IS NULL")
    .bind(order.idempotencyKey, order.number, token);
}

/** The order page's address with its key, in the order's language, for an e-mail or a redirect. */
export function orderKeyPath(number: string, token: string, locale?: Locale): string {
  return routePath("cart-order-number", { number }, { query: { key: token }, ...(locale ? { locale } : {}) });
}

/** A phone as its digits, UAE forms made one: `+971 50…`, `00971 50…`, `971 50…` and `050…` are the same number. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const international = digits.startsWith("00") ? digits.slice(2) : digits;
  return international.startsWith("971") ? `0${international.slice(3)}` : international;
}

/** Whether what a shopper typed ("E-mail or phone") is the order's e-mail (case folded) or phone (by its digits). */
export function contactMatches(order: { email: string; phone: string }, typed: string): boolean {
  const given = typed.trim();
  if (given.includes("@")) return given.toLowerCase() === order.email.trim().toLowerCase();
  const digits = phoneDigits(given);
  return digits.length >= 7 && digits === phoneDigits(order.phone);
}

/**
 * The order of this number with its e-mail, phone and key, in one round trip; an order placed before
 * keys were kept is given one now (`token`, only if it has none), so the lookup can link to it.
 */
export async function orderForLookup(
  db: D1Database,
  number: string,
): Promise<{ email: string; phone: string; accessToken: string; locale: string } | null> {
  const row = await db
    .prepare(
      `UPDATE orders SET access_token = COALESCE(access_token, ?2) WHERE number = ?1
       RETURNING email, phone, access_token AS accessToken, locale`,
    )
    .bind(number, newAccessToken())
    .first<{ email: string; phone: string; accessToken: string; locale: string }>();
  return row ?? null;
}
