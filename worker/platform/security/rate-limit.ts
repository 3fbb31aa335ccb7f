/**
 * Fixed-window rate limits kept in D1, so every isolate and location sees the same count. Each
 * counter row carries its limit (`ceiling`), and the table refuses to count past it (the
 * `within_limit` check, migrations/0114): a limit can be counted in the very batch of the action it
 * guards (limitStatement), and a batch over any of its limits rolls back whole, so an action behind a
 * limit costs no round trip of its own (docs/decisions/0100). Each row also carries its expiry: the
 * cron sweeps expired rows, never a request.
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

/** The name of the check a counter over its limit breaks (migrations/0114). */
const OVER_LIMIT = "within_limit";

function windowOf(rule: RateLimitRule, now: number): { start: number; end: number } {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/** Seconds until this rule's window ends. */
export function retryAfterOf(rule: RateLimitRule, now = Date.now()): number {
  return Math.ceil((windowOf(rule, now).end - now) / 1000);
}

/**
 * Counts one hit of `subject` under `rule`, answering the count; fails with the `within_limit`
 * check (isOverLimit) when the window's count is at the limit already, and so does any batch it is in.
 */
export function limitStatement(
  db: D1Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): D1PreparedStatement {
  const window = windowOf(rule, now);
  return db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, ?2, 1, ?3, ?4)
       ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
       RETURNING count`,
    )
    .bind(`${rule.action}:${subject}`, window.start, window.end, rule.limit);
}

/** Whether a D1 error is a limit refusing to count further (a statement of limitStatement's). */
export function isOverLimit(error: unknown): boolean {
  return error instanceof Error && error.message.includes(OVER_LIMIT);
}

export async function hitRateLimit(
  db: D1Database,
  rule: RateLimitRule,
  subject: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const retryAfter = retryAfterOf(rule, now);
  try {
    const row = await limitStatement(db, rule, subject, now).first<{ count: number }>();
    const count = row?.count ?? 1;
    return { allowed: true, remaining: Math.max(0, rule.limit - count), retryAfter };
  } catch (error) {
    if (!isOverLimit(error)) throw error;
    return { allowed: false, remaining: 0, retryAfter };
  }
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
