import { decodeJwt } from "jose";
import { sha256, toHex } from "./crypto";

/**
 * Signed-out tokens. A JWT stays valid until it expires, so signing out only forgets
 * the cookie unless someone remembers the token was given up: this table does, by the
 * token's SHA-256, until the token's own expiry (after which it is refused anyway).
 */
const LONGEST_TOKEN_SECONDS = 30 * 24 * 60 * 60;

export async function tokenHash(token: string): Promise<string> {
  return toHex(await sha256(token));
}

/** When the token stops mattering: its `exp` (read unverified, so capped), else the longest lifetime. */
function expiresAt(token: string, now: number): number {
  let exp: number | undefined;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    exp = undefined;
  }
  const latest = now + LONGEST_TOKEN_SECONDS;
  return typeof exp === "number" && Number.isFinite(exp) ? Math.min(exp, latest) : latest;
}

export async function revokeToken(db: D1Database, token: string, now = Math.floor(Date.now() / 1000)) {
  await db.batch([
    db
      .prepare("INSERT OR IGNORE INTO revoked_tokens (token_hash, expires_at) VALUES (?1, ?2)")
      .bind(await tokenHash(token), expiresAt(token, now)),
    // Tokens past their expiry need no remembering.
    db
      .prepare(
        "DELETE FROM revoked_tokens WHERE rowid IN (SELECT rowid FROM revoked_tokens WHERE expires_at < ?1 LIMIT 100)",
      )
      .bind(now),
  ]);
}

export async function isRevoked(db: D1Database, token: string): Promise<boolean> {
  const row = await db
    .prepare("SELECT 1 AS revoked FROM revoked_tokens WHERE token_hash = ?1")
    .bind(await tokenHash(token))
    .first<{ revoked: number }>();
  return row !== null;
}
