/**
 * Ending tokens in the embedded CMS (docs/cms.md, "Sessions that end"; docs/decisions/0072).
 * A password change or reset sets the user's `tokens_valid_after` to the second it happened,
 * and a token issued in an earlier second is refused from then on. Tokens are Strapi's
 * `{ id, iat, exp }`, so two issued in the same second are the same token: the change's own
 * second cannot be cut at this level, and the new token is issued in it. The storefront ends
 * every other session of the account itself (its own session ids, worker/platform/session/),
 * which is what a shopper's browser holds; this is defence in depth for the bare API.
 * Real Strapi keeps every token valid until it expires.
 */
export async function tokenStillValid(db: D1Database, claims: { id: number; iat: number }): Promise<boolean> {
  const row = await db
    .prepare("SELECT tokens_valid_after FROM cms_users WHERE id = ?1")
    .bind(claims.id)
    .first<{ tokens_valid_after: number | null }>();
  return claims.iat >= (row?.tokens_valid_after ?? 0);
}

/** The statement that ends the user's tokens of earlier seconds (run in the batch that changes the password). */
export function endOlderTokens(db: D1Database, userId: number, now = Math.floor(Date.now() / 1000)) {
  return db.prepare("UPDATE cms_users SET tokens_valid_after = ?2 WHERE id = ?1").bind(userId, now);
}
