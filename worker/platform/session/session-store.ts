import { sha256, toBase64Url, toHex } from "../../../shared/bytes";

/**
 * The shop's sessions in D1 (`shop_sessions`, migrations/0072; docs/decisions/0072).
 * A session is a random id the browser holds in `__Host-session` beside the CMS token
 * in `strapi_jwt`. Its identity never depends on the clock: two sign-ins in the same
 * second (which a Strapi JWT cannot tell apart) are two sessions, and ending one leaves
 * the other alone. Times are milliseconds since the epoch.
 */
export interface LiveSession {
  userId: number;
  tokenHash: string;
}

/** 32 random bytes, base64url: the cookie's value. */
export function newSessionId(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function hashOf(value: string): Promise<string> {
  return toHex(await sha256(value));
}

/** The statement that opens a session (run alone, or in one batch with the ending of others). */
export function openSessionStatement(
  db: D1Database,
  session: { idHash: string; userId: number; tokenHash: string; now: number; lifetimeMs: number },
): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO shop_sessions (id_hash, user_id, token_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)",
    )
    .bind(session.idHash, session.userId, session.tokenHash, session.now, session.now + session.lifetimeMs);
}

/** Every live session of the user ends (a password change or reset); run before the new one opens. */
export function endUserSessionsStatement(db: D1Database, userId: number, now: number): D1PreparedStatement {
  return db.prepare("UPDATE shop_sessions SET ended_at = ?2 WHERE user_id = ?1 AND ended_at IS NULL").bind(userId, now);
}

export async function endSession(db: D1Database, idHash: string, now: number): Promise<void> {
  await db
    .prepare("UPDATE shop_sessions SET ended_at = ?2 WHERE id_hash = ?1 AND ended_at IS NULL")
    .bind(idHash, now)
    .run();
}

/** The statement that finds a live session (for a batch with what the request reads beside it). */
export function liveSessionStatement(db: D1Database, idHash: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      "SELECT user_id, token_hash FROM shop_sessions WHERE id_hash = ?1 AND ended_at IS NULL AND expires_at > ?2",
    )
    .bind(idHash, now);
}

export function readLiveSession(result: D1Result | undefined): LiveSession | null {
  const row = result?.results[0] as { user_id: number; token_hash: string } | undefined;
  return row ? { userId: row.user_id, tokenHash: row.token_hash } : null;
}

/** The session if it exists, has not ended and has not expired; else null. */
export async function findLiveSession(db: D1Database, idHash: string, now: number): Promise<LiveSession | null> {
  return readLiveSession(await liveSessionStatement(db, idHash, now).all());
}

/**
 * Sessions expired, or ended more than `endedDays` ago, are forgotten (the cron, with the age of
 * worker/platform/operations/retention.ts; at most `batch` a run).
 */
export async function sweepSessions(db: D1Database, now = Date.now(), batch = 1000, endedDays = 1): Promise<number> {
  const dayAgo = now - endedDays * 24 * 60 * 60 * 1000;
  const result = await db
    .prepare(
      `DELETE FROM shop_sessions WHERE rowid IN
         (SELECT rowid FROM shop_sessions WHERE expires_at < ?1 OR ended_at < ?2 LIMIT ?3)`,
    )
    .bind(now, dayAgo, batch)
    .run();
  return result.meta.changes ?? 0;
}
