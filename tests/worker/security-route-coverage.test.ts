import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/index";
import { specOf, writeRows } from "../../worker/platform/routing/route-spec";
import { appRequest } from "./support/app-request";
import { startOfRateWindow } from "./support/rate-window";

/**
 * Every state-changing route of the app, enumerated from the app itself, must have a
 * `writes` row (worker/platform/routing/route-spec.ts) and be covered by the body limit, the
 * rate limit and (unless its row says why it is exempt) the Origin guard. A new POST route
 * without them fails here; a row without one of its facts does not compile.
 */
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The rows, flattened to what these tests send and check. */
const ROUTE_POLICIES = writeRows(app).map(({ method, path, spec }) => ({ method, path, ...spec, ...spec.limits }));
type RoutePolicy = (typeof ROUTE_POLICIES)[number];

/** The app's state-changing handlers (rows are marks beside them, not routes of their own). */
const mutatingRoutes = [
  ...new Map(
    app.routes
      .filter((route) => MUTATING.has(route.method) && !specOf(route.handler))
      .map((route) => [`${route.method} ${route.path}`, { method: route.method, path: route.path }]),
  ).values(),
];

/** A concrete path for a pattern: `/requests/:kind` → `/requests/callback`. */
function samplePath(pattern: string): string {
  return pattern
    .replace(/:kind(\{[^}]*\})?/, "callback")
    .replace(/:slug(\{[^}]*\})?/, "no-such-product")
    .replace(/:id(\{[^}]*\})?/, "1")
    .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "x");
}

let ipCounter = 0;
function freshIp(): string {
  ipCounter++;
  return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Fills a route's per-address window for an address, as if it had used its limit. */
async function useUpLimit(policy: RoutePolicy, ip: string): Promise<void> {
  const { limit, windowSeconds } = policy.perAddress;
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
  await env.DB.prepare(
    "INSERT OR REPLACE INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, ?2, ?3, ?4, ?3)",
  )
    .bind(`route:${policy.method} ${policy.path}:${ip}`, windowStart, limit, windowStart + windowMs)
    .run();
}

/** Small uploads, so a body one byte past an upload route's limit stays cheap to send. */
const testEnv = { ...env, UPLOAD_MAX_BYTES: "2048" };

function send(policy: RoutePolicy, init: { headers: Record<string, string>; body: string }) {
  return appRequest(samplePath(policy.path), { method: policy.method, ...init }, testEnv);
}

describe("every state-changing route is covered (issue 13)", () => {
  it("finds the app's state-changing routes", () => {
    expect(mutatingRoutes.length).toBeGreaterThanOrEqual(20);
  });

  it.each(mutatingRoutes)("$method $path has a row", ({ method, path }) => {
    expect(ROUTE_POLICIES.some((policy) => policy.method === method && policy.path === path)).toBe(true);
  });

  it("has no row for a route that does not exist", () => {
    const known = new Set(mutatingRoutes.map((route) => `${route.method} ${route.path}`));
    expect(ROUTE_POLICIES.filter((policy) => !known.has(`${policy.method} ${policy.path}`))).toEqual([]);
  });

  describe.each(ROUTE_POLICIES)("$method $path", (policy) => {
    const same = { origin: "https://shop.example", "sec-fetch-site": "same-origin" };
    const type =
      policy.body === "json" || policy.body === "webhook" ? "application/json" : "application/x-www-form-urlencoded";

    it("refuses a body past its limit with 413", async () => {
      const limit = policy.body === "upload" ? ("files" in policy ? policy.files : 1) * 2048 + 64 * 1024 : 256 * 1024;
      const body = "a".repeat(limit + 1);
      const res = await send(policy, {
        headers: {
          ...same,
          "content-type": type,
          "content-length": String(body.length),
          "cf-connecting-ip": freshIp(),
        },
        body,
      });
      expect(res.status).toBe(413);
    });

    it("answers 429 once the address has used its limit", async () => {
      startOfRateWindow();
      const ip = freshIp();
      await useUpLimit(policy, ip);
      const res = await send(policy, {
        headers: { ...same, "content-type": type, "cf-connecting-ip": ip },
        body: type === "application/json" ? "{}" : "x=1",
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it.skipIf(policy.csrf !== "origin-checked")("refuses a cross-site form post with 403", async () => {
      const res = await send(policy, {
        headers: {
          origin: "https://evil.example",
          "sec-fetch-site": "cross-site",
          "content-type": "application/x-www-form-urlencoded",
          "cf-connecting-ip": freshIp(),
        },
        body: "x=1",
      });
      expect(res.status).toBe(403);
    });
  });

  it("exempts from the Origin guard only webhooks, the Bearer-token CMS API and one-click unsubscribe", () => {
    const exempt = ROUTE_POLICIES.filter((policy) => policy.csrf !== "origin-checked").map((p) => p.path);
    for (const path of exempt) {
      expect(path).toMatch(
        /^\/(api\/(auth|users)\/|api\/(cms|payments)\/webhook$|api\/payments\/(tabby|tamara)\/webhook$|graphql$|stock-alerts\/unsubscribe\/:token$)/,
      );
    }
  });
});
