import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientNetwork, hitRateLimit, sweepRateLimits } from "../../worker/platform/security/rate-limit";
import { api, register, uniqueIp, uniqueShopper } from "./support/auth-api";

/**
 * Limits count in fixed windows. Each test runs on a controlled clock (only `Date` is faked)
 * set to the first millisecond of a ten-minute window (a minute window too), so a burst lands
 * in one window every time and no test waits.
 */
const TEN_MINUTES_MS = 600_000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.ceil(Date.now() / TEN_MINUTES_MS) * TEN_MINUTES_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("sign-in rate limits (issue 13, item 1)", () => {
  it("counts guesses at one account even when each carries a different email field", async () => {
    const shopper = await register();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api(
        "POST",
        "/auth/local",
        { identifier: shopper.email, password: `guess-${i}`, email: `decoy${i}@example.com` },
        { ip },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  }, 60_000);

  it("limits one account across addresses, with the identifier trimmed and lower-cased", async () => {
    const shopper = await register();
    const variants = [shopper.email, ` ${shopper.email.toUpperCase()}`, `${shopper.email} `];
    let last = 0;
    for (let i = 0; i < 21; i++) {
      const identifier = variants[i % variants.length]!;
      last = (await api("POST", "/auth/local", { identifier, password: `guess-${i}` }, { ip: uniqueIp() })).status;
    }
    expect(last).toBe(429);
  }, 60_000);

  it("caps one address across many identifiers at a crowd's level, an IPv6 /64 counting as one address", async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:${(Date.now() % 0xffff).toString(16)}`;
    const network = clientNetwork(new Headers({ "cf-connecting-ip": `${prefix}:1::3` }));
    // 598 sign-ins of other identifiers counted from this /64 in this window: a carrier's crowd is still let in.
    const windowStart = Math.floor(Date.now() / TEN_MINUTES_MS) * TEN_MINUTES_MS;
    await env.DB.prepare(
      "INSERT INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, ?2, 598, ?3, 600)",
    )
      .bind(`auth-address:${network}`, windowStart, windowStart + TEN_MINUTES_MS)
      .run();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ip = `${prefix}:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
      const res = await api(
        "POST",
        "/auth/local",
        { identifier: uniqueShopper().email, password: "not-it" },
        // A made-up X-Forwarded-For must not open a fresh bucket.
        { ip, headers: { "x-forwarded-for": uniqueIp() } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it("reads the address from CF-Connecting-IP only and groups IPv6 by /64", () => {
    const headers = (init: Record<string, string>) => new Headers(init);
    expect(clientNetwork(headers({ "x-forwarded-for": "198.51.100.7" }))).toBe("local");
    expect(clientNetwork(headers({ "cf-connecting-ip": "198.51.100.7" }))).toBe("198.51.100.7");
    expect(clientNetwork(headers({ "cf-connecting-ip": "2001:db8:1:2:aaaa::1" }))).toBe("2001:db8:1:2::/64");
    expect(clientNetwork(headers({ "cf-connecting-ip": "2001:0db8:0001:0002:ffff:1:2:3" }))).toBe("2001:db8:1:2::/64");
    expect(clientNetwork(headers({ "cf-connecting-ip": "::1" }))).toBe("0:0:0:0::/64");
  });
});

describe("rate-limit rows expire", () => {
  it("sweeps rows of keys that are never hit again once their window is over", async () => {
    const stale = `stale-${crypto.randomUUID()}`;
    const longAgo = Date.now() - 2 * 60 * 60 * 1000;
    await hitRateLimit(env.DB, { action: "test", limit: 5, windowSeconds: 60 }, stale, longAgo);
    const count = () =>
      env.DB.prepare("SELECT COUNT(*) AS n FROM rate_limits WHERE key = ?1")
        .bind(`test:${stale}`)
        .first<{ n: number }>()
        .then((row) => row?.n ?? 0);
    expect(await count()).toBe(1);
    // A request never waits for a sweep: the limit's hit leaves expired rows to the cron's.
    await hitRateLimit(env.DB, { action: "test", limit: 5, windowSeconds: 60 }, `fresh-${crypto.randomUUID()}`);
    expect(await count()).toBe(1);
    await sweepRateLimits(env.DB);
    expect(await count()).toBe(0);
  });
});
