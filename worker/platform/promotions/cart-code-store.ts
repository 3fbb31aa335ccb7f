import { limitStatement, type RateLimitRule } from "../security/rate-limit";

/** D1 access for the code a bag carries (cart_codes, migrations/0120_promotions.sql): one a bag. */
export function setCartCodeStatement(db: D1Database, cartId: string, code: string): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO cart_codes (cart_id, code) VALUES (?1, ?2)
       ON CONFLICT (cart_id) DO UPDATE SET code = excluded.code, added_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    )
    .bind(cartId, code);
}

export function removeCartCodeStatement(db: D1Database, ownerKind: string, ownerId: string): D1PreparedStatement {
  return db
    .prepare("DELETE FROM cart_codes WHERE cart_id = (SELECT id FROM carts WHERE owner_kind = ?1 AND owner_id = ?2)")
    .bind(ownerKind, ownerId);
}

/**
 * Codes that were not codes, per visitor (docs/limits.md): about 20 in 10 minutes, then every code
 * is refused until the window ends, so a code cannot be found by guessing.
 */
export const CODE_MISSES: RateLimitRule = { action: "promotion-code-miss", limit: 20, windowSeconds: 600 };

/** How many misses the visitor has in the current window (read before a code is looked up). */
export function missesStatement(db: D1Database, subject: string, now = Date.now()): D1PreparedStatement {
  const windowMs = CODE_MISSES.windowSeconds * 1000;
  return db
    .prepare("SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2")
    .bind(`${CODE_MISSES.action}:${subject}`, Math.floor(now / windowMs) * windowMs);
}

/** Counts one miss; fails as over the limit (rate-limit.ts isOverLimit) past the 20th. */
export function missStatement(db: D1Database, subject: string, now = Date.now()): D1PreparedStatement {
  return limitStatement(db, CODE_MISSES, subject, now);
}
