/**
 * Fixed-window rate limits kept in D1, so every isolate and location sees the
 * same count. One UPSERT per check; old windows are cleaned up as we go.
 */
export interface RateLimitRule {
  /** What is limited, e.g. "auth-local" or "form-callback". */
  action: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export async function hitRateLimit(
  db: D1Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const key = `${rule.action}:${subject}`;
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(key, windowStart)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  if (count === 1) {
    // First hit of a new window: forget this key's older windows.
    await db.prepare("DELETE FROM rate_limits WHERE key = ?1 AND window_start < ?2").bind(key, windowStart).run();
  }
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfter: Math.ceil((windowStart + windowMs - now) / 1000),
  };
}

/** The client's address as Cloudflare reports it (falls back for local runs). */
export function clientIp(headers: Headers): string {
  return headers.get("cf-connecting-ip") ?? headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "local";
}
