/**
 * Fixed-window rate limits kept in D1, so every isolate and location sees the
 * same count. One UPSERT per check. Each row carries its expiry: the first hit of
 * a window sweeps a bounded batch of expired rows (any key), and the cron sweeps
 * the rest, so keys that are never hit again do not pile up.
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

/** Rows swept per new window: enough to keep up, small enough not to slow the request. */
const SWEEP_BATCH = 100;

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
      `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(key, windowStart, windowStart + windowMs)
    .first<{ count: number }>();
  const count = row?.count ?? 1;
  if (count === 1) await sweepRateLimits(db, now, SWEEP_BATCH);
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfter: Math.ceil((windowStart + windowMs - now) / 1000),
  };
}

/** Deletes rows whose window has ended (at most `batch` of them); returns how many went. */
export async function sweepRateLimits(db: D1Database, now = Date.now(), batch = 1000): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM rate_limits WHERE rowid IN
         (SELECT rowid FROM rate_limits WHERE expires_at < ?1 LIMIT ?2)`,
    )
    .bind(now, batch)
    .run();
  return result.meta.changes ?? 0;
}

/**
 * The client's address. Only Cloudflare's `CF-Connecting-IP` counts: `X-Forwarded-For`
 * is whatever the client wrote, so trusting it would let anyone pick a fresh bucket
 * per request. Without the header (local runs) every request shares one bucket.
 */
export function clientIp(headers: Headers): string {
  return headers.get("cf-connecting-ip")?.trim() || "local";
}

/**
 * The address as a rate-limit subject: IPv4 as it is, IPv6 as its /64 network, since
 * one customer line is handed a whole /64 and could otherwise rotate through 2^64 addresses.
 */
export function clientNetwork(headers: Headers): string {
  const ip = clientIp(headers);
  if (!ip.includes(":")) return ip;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address (lower-case, no leading zeros), or null. */
function expandIpv6(address: string): string[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes two groups.
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill("0"), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
