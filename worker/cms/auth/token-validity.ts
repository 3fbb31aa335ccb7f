import { tokenHash } from "../../platform/security/revoked-tokens";

/**
 * Ending sessions in the embedded CMS (docs/cms.md, "Sessions that end"): a token is
 * valid only if it was issued at or after the user's `tokens_valid_after` and was not
 * signed out. Real Strapi keeps every token valid until it expires; the storefront
 * makes up for that with its own revocation list (worker/platform/session/session.ts).
 */
export async function tokenStillValid(
  db: D1Database,
  claims: { id: number; iat: number },
  token: string,
): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT (SELECT tokens_valid_after FROM cms_users WHERE id = ?1) AS valid_after,
              EXISTS (SELECT 1 FROM revoked_tokens WHERE token_hash = ?2) AS revoked`,
    )
    .bind(claims.id, await tokenHash(token))
    .first<{ valid_after: number | null; revoked: number }>();
  if (!row || row.revoked === 1) return false;
  return claims.iat >= (row.valid_after ?? 0);
}

/**
 * Ends every token of the user issued up to now (a password change or reset) and returns
 * the `iat` the replacement token must carry. Token times are whole seconds, so the cut
 * is the *next* second: every token issued so far (this second included) is older than
 * it, and the replacement is issued at it (at most a second ahead of the clock).
 */
export function endOlderTokens(db: D1Database, userId: number, now = Math.floor(Date.now() / 1000)) {
  const issuedAt = now + 1;
  return {
    statement: db.prepare("UPDATE cms_users SET tokens_valid_after = ?2 WHERE id = ?1").bind(userId, issuedAt),
    issuedAt,
  };
}

/**
 * The `iat` for a new token of this user: now, or the user's cut-off when a password change
 * in this very second moved it a second ahead — so a sign-in right after a change is not
 * born already ended.
 */
export async function issueTimeFor(db: D1Database, userId: number, now = Math.floor(Date.now() / 1000)) {
  const row = await db
    .prepare("SELECT tokens_valid_after FROM cms_users WHERE id = ?1")
    .bind(userId)
    .first<{ tokens_valid_after: number }>();
  return Math.max(now, row?.tokens_valid_after ?? 0);
}
