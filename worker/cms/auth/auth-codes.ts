import { sha256, toHex } from "../../../shared/bytes";

/**
 * One-time codes for password resets and e-mail confirmations. The code goes out
 * by e-mail; only its SHA-256 is stored. A code works once and until it expires.
 */
export type CodePurpose = "reset-password" | "email-confirmation";

export const CODE_LIFETIME_SECONDS: Record<CodePurpose, number> = {
  "reset-password": 60 * 60,
  "email-confirmation": 7 * 24 * 60 * 60,
};

/** Byte lengths as Strapi's tokens: 64 random bytes for resets, 20 for confirmations, as hex. */
const CODE_BYTES: Record<CodePurpose, number> = { "reset-password": 64, "email-confirmation": 20 };

async function codeHash(code: string): Promise<string> {
  return toHex(await sha256(code));
}

/**
 * A new code and the statements that store it, to run in one batch with the
 * outbox message: earlier unused codes of the same purpose stop working.
 */
export async function newCodeStatements(
  db: D1Database,
  userId: number,
  purpose: CodePurpose,
  now = Date.now(),
): Promise<{ code: string; statements: D1PreparedStatement[] }> {
  const code = toHex(crypto.getRandomValues(new Uint8Array(CODE_BYTES[purpose])));
  const expiresAt = now + CODE_LIFETIME_SECONDS[purpose] * 1000;
  return {
    code,
    statements: [
      db
        .prepare("DELETE FROM cms_auth_codes WHERE user_id = ?1 AND purpose = ?2 AND used_at IS NULL")
        .bind(userId, purpose),
      db
        .prepare("INSERT INTO cms_auth_codes (code_hash, user_id, purpose, expires_at) VALUES (?1, ?2, ?3, ?4)")
        .bind(await codeHash(code), userId, purpose, expiresAt),
    ],
  };
}

/**
 * Spends a code: marks it used and returns its user id, or null when it is unknown,
 * spent or expired. One UPDATE, so two requests racing with the same code can't both win.
 */
export async function consumeCode(
  db: D1Database,
  code: string,
  purpose: CodePurpose,
  now = Date.now(),
): Promise<number | null> {
  if (!/^[0-9a-f]{16,256}$/i.test(code)) return null;
  const row = await db
    .prepare(
      `UPDATE cms_auth_codes SET used_at = ?3
       WHERE code_hash = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3
       RETURNING user_id`,
    )
    .bind(await codeHash(code.toLowerCase()), purpose, now)
    .first<{ user_id: number }>();
  return row?.user_id ?? null;
}
