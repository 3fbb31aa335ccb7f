import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import { translator } from "../../../shared/i18n/translator";
import type { AppEnv, LimitRefusal } from "../app-env";
import { type Limits, writeSpec } from "../routing/route-spec";
import { clientNetwork, hitRateLimit } from "../security/rate-limit";
import { readVisitorId } from "../security/visitor-id";

/**
 * The rate limits each state-changing route's row names (worker/platform/routing/), applied once
 * (docs/decisions/0073). First per visitor (the account, else the signed visitor id): that
 * is what stops one browser's flood. Then per address (IPv6 per /64), at a level a crowd
 * of shoppers behind one carrier's address never reaches: that is what stops a flood that
 * throws its cookies away. Routes keep their own, tighter limits with their own messages
 * (sign-in per identifier, reviews, request forms); this one is the floor that no route
 * goes without. Runs after the session, which knows the account.
 *
 * Replays come before limits: on a route whose limits say `replays`, a refusal is not
 * answered here but kept on the request, and the route answers a replay (an order already
 * placed under the same key, the same words sent again) as it did the first time, and
 * anything else with the refusal (`limitRefusal`).
 */
/** The refusal in the page's language, with the whole minutes to wait (at least one). */
function refusal(c: Context<AppEnv>, retryAfter: number): LimitRefusal {
  const t = translator(c.get("locale") ?? DEFAULT_LOCALE);
  return { retryAfter, message: t.plural(t.m.limits.wait, Math.max(1, Math.ceil(retryAfter / 60))) };
}

/** The 429 for a refusal, in the shape the caller reads: Strapi's envelope, the islands' JSON, or text. */
export function tooMany(c: Context<AppEnv>, refused: LimitRefusal): Response {
  c.header("Retry-After", String(refused.retryAfter));
  const { message } = refused;
  if (c.req.path.startsWith("/api/") || c.req.path === "/graphql") {
    return c.json({ data: null, error: { status: 429, name: "RateLimitError", message, details: {} } }, 429);
  }
  if ((c.req.header("accept") ?? "").includes("application/json")) return c.json({ ok: false, message }, 429);
  return c.text(message, 429);
}

/** Who "one visitor" is: the account, else the signed visitor id; null for a client without either. */
async function visitorSubject(c: Context<AppEnv>): Promise<string | null> {
  const user = c.get("user");
  if (user) return `user:${user.id}`;
  const visitor = await readVisitorId(c);
  return visitor ? `visitor:${visitor}` : null;
}

/** `path` is the route's pattern as registered, so `/requests/:kind` is one count for every kind. */
async function checkLimits(c: Context<AppEnv>, path: string, limits: Limits): Promise<LimitRefusal | null> {
  const action = `route:${c.req.method} ${path}`;
  if (limits.perVisitor) {
    const visitor = await visitorSubject(c);
    if (visitor) {
      const hit = await hitRateLimit(c.env.DB, { action: `${action} visitor`, ...limits.perVisitor }, visitor);
      if (!hit.allowed) return refusal(c, hit.retryAfter);
    }
  }
  const hit = await hitRateLimit(c.env.DB, { action, ...limits.perAddress }, clientNetwork(c.req.raw.headers));
  return hit.allowed ? null : refusal(c, hit.retryAfter);
}

export const routeLimits = createMiddleware<AppEnv>(async (c, next) => {
  const spec = writeSpec(c);
  if (!spec) return next();
  const refused = await checkLimits(c, spec.path, spec.limits);
  if (refused && !spec.limits.replays) return tooMany(c, refused);
  c.set("limitRefusal", refused);
  await next();
});

/** For a `replays` route: the refusal the limits made for this request, once it is known not to be a replay. */
export function limitRefusal(c: Context<AppEnv>): LimitRefusal | null {
  return c.get("limitRefusal") ?? null;
}
