import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import { translator } from "../../../shared/i18n/translator";
import type { AppEnv, LimitRefusal } from "../app-env";
import { repeatable } from "../database/retry";
import { log } from "../log/log";
import { type Limit, type Limits, writeSpec } from "../routing/route-spec";
import { clientNetwork, isOverLimit, limitStatement, type RateLimitRule, retryAfterOf } from "../security/rate-limit";
import { readVisitorId } from "../security/visitor-id";

/**
 * The rate limits each state-changing route's row names (worker/platform/routing/), applied once
 * (docs/decisions/0073). Per visitor (the account, else the signed visitor id): that is what
 * stops one browser's flood. Per address (IPv6 per /64), at a level a crowd of shoppers behind
 * one carrier's address never reaches: that is what stops a flood that throws its cookies away.
 * Routes keep their own, tighter limits with their own messages (sign-in per identifier,
 * reviews, request forms); this one is the floor that no route goes without. Runs after the
 * session, which knows the account.
 *
 * Both are counted in one D1 batch (docs/decisions/0100): here, before the route runs, or, when the
 * row says `carried`, in the batch of the route's own action (carriedLimits), so a tap on the bag
 * costs one round trip in all. When they cannot be counted here (D1 failing), the request is refused
 * with a 503 and a sentence: these routes sign in, send e-mail or put work on people.
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
  return answer(c, 429, refused.message, "RateLimitError");
}

/** A status with a sentence, in the shape the caller reads. */
function answer(c: Context<AppEnv>, status: 429 | 503, message: string, name: string): Response {
  if (c.req.path.startsWith("/api/") || c.req.path === "/graphql") {
    return c.json({ data: null, error: { status, name, message, details: {} } }, status);
  }
  if ((c.req.header("accept") ?? "").includes("application/json")) return c.json({ ok: false, message }, status);
  return c.text(message, status);
}

/** Who "one visitor" is: the account, else the signed visitor id; null for a client without either. */
async function visitorSubject(c: Context<AppEnv>): Promise<string | null> {
  const user = c.get("user");
  if (user) return `user:${user.id}`;
  const visitor = await readVisitorId(c);
  return visitor ? `visitor:${visitor}` : null;
}

interface Counted {
  statements: D1PreparedStatement[];
  rules: RateLimitRule[];
}

/** `path` is the route's pattern as registered, so `/requests/:kind` is one count for every kind. */
async function limitsOf(c: Context<AppEnv>, path: string, limits: Limits): Promise<Counted> {
  const action = `route:${c.req.method} ${path}`;
  const counted: Counted = { statements: [], rules: [] };
  const count = (rule: RateLimitRule, subject: string) => {
    counted.rules.push(rule);
    counted.statements.push(limitStatement(c.env.DB, rule, subject));
  };
  const visitor = limits.perVisitor ? await visitorSubject(c) : null;
  if (limits.perVisitor && visitor) count(rule(`${action} visitor`, limits.perVisitor), visitor);
  count(rule(action, limits.perAddress), clientNetwork(c.req.raw.headers));
  return counted;
}

function rule(action: string, limit: Limit): RateLimitRule {
  return { action, ...limit };
}

/** The refusal when the limits' batch broke one of them: the longest wait of the rules counted. */
function overLimit(c: Context<AppEnv>, rules: readonly RateLimitRule[]): LimitRefusal {
  return refusal(c, Math.max(...rules.map((r) => retryAfterOf(r))));
}

export const routeLimits = createMiddleware<AppEnv>(async (c, next) => {
  const spec = writeSpec(c);
  if (!spec) return next();
  const counted = await limitsOf(c, spec.path, spec.limits);
  if (spec.limits.carried) {
    const carried = { ...counted, taken: false };
    c.set("carriedLimits", carried);
    await next();
    // A route that answered before its action (a bad quantity, a product gone) is counted now, and
    // over a limit its answer gives way to the refusal: a flood of bad posts is refused like any other.
    if (carried.taken) return;
    try {
      await repeatable(c.env.DB).batch(counted.statements);
    } catch (error) {
      if (isOverLimit(error)) c.res = tooMany(c, overLimit(c, counted.rules));
      else log.error("Counting the route's limits failed", { error });
    }
    return;
  }
  let refused: LimitRefusal | null = null;
  try {
    await repeatable(c.env.DB).batch(counted.statements);
  } catch (error) {
    if (!isOverLimit(error)) {
      log.error("Counting the route's limits failed", { error });
      const t = translator(c.get("locale") ?? DEFAULT_LOCALE);
      c.header("Retry-After", "30");
      return answer(c, 503, t.m.limits.uncounted, "ServiceUnavailableError");
    }
    refused = overLimit(c, counted.rules);
  }
  if (refused && !spec.limits.replays) return tooMany(c, refused);
  c.set("limitRefusal", refused);
  await next();
});

/** For a `replays` route: the refusal the limits made for this request, once it is known not to be a replay. */
export function limitRefusal(c: Context<AppEnv>): LimitRefusal | null {
  return c.get("limitRefusal") ?? null;
}

/**
 * A `carried` route's limits, to put at the head of its action's batch (taken once). If the batch
 * fails on one of them (isOverLimit), the whole action rolled back: answer `carriedRefusal`.
 */
export function carriedLimits(c: Context<AppEnv>): D1PreparedStatement[] {
  const carried = c.get("carriedLimits");
  if (!carried || carried.taken) return [];
  carried.taken = true;
  return carried.statements;
}

/** The refusal for a carried batch that broke a limit, or null when `error` is something else. */
export function carriedRefusal(c: Context<AppEnv>, error: unknown): LimitRefusal | null {
  const carried = c.get("carriedLimits");
  return carried && isOverLimit(error) ? overLimit(c, carried.rules) : null;
}
