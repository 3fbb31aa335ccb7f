import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { clientNetwork, hitRateLimit } from "../security/rate-limit";
import { routePolicy } from "../security/route-policy";
import { readVisitorId } from "../security/visitor-id";

/**
 * The rate limits of the route-policy table, applied once for every state-changing route:
 * per address (IPv6 per /64) and, for orders and request forms, per visitor too (the
 * account, else the signed visitor id, else the address). Routes keep their own, tighter
 * limits with their own messages (sign-in, reviews, request forms); this one is the floor
 * that no route goes without. Runs after the session, which knows the account.
 */
function minutes(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  return `${m} minute${m === 1 ? "" : "s"}`;
}

function tooMany(c: Context<AppEnv>, retryAfter: number): Response {
  const message = `You have sent many requests in a short time. Please wait ${minutes(retryAfter)} and try again.`;
  c.header("Retry-After", String(retryAfter));
  if (c.req.path.startsWith("/api/") || c.req.path === "/graphql") {
    return c.json({ data: null, error: { status: 429, name: "RateLimitError", message, details: {} } }, 429);
  }
  if ((c.req.header("accept") ?? "").includes("application/json")) return c.json({ ok: false, message }, 429);
  return c.text(message, 429);
}

export const routeLimits = createMiddleware<AppEnv>(async (c, next) => {
  const policy = routePolicy(c.req.method, c.req.path);
  if (!policy) return next();
  const action = `route:${policy.method} ${policy.path}`;
  const network = clientNetwork(c.req.raw.headers);
  const perAddress = await hitRateLimit(c.env.DB, { action, ...policy.perAddress }, network);
  if (!perAddress.allowed) return tooMany(c, perAddress.retryAfter);
  if (policy.perVisitor) {
    const user = c.get("user");
    const visitor = user ? `user:${user.id}` : `visitor:${(await readVisitorId(c)) ?? network}`;
    const perVisitor = await hitRateLimit(c.env.DB, { action: `${action} visitor`, ...policy.perVisitor }, visitor);
    if (!perVisitor.allowed) return tooMany(c, perVisitor.retryAfter);
  }
  await next();
});
