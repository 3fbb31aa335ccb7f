import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { listRedirectRules, type RedirectRule } from "./redirect-rules";
import { parseAllowedHosts, resolveRedirect } from "./resolve-redirect";

interface CachedRules {
  rules: Map<string, RedirectRule>;
  loadedAt: number;
}

/**
 * Per-isolate copy of the rules, refreshed after REDIRECT_CACHE_SECONDS: one small
 * D1 read per isolate per interval instead of one per request. Keyed by the D1
 * binding so tests and environments never share a copy.
 *
 * Only the settled Map is kept, never the pending read: an isolate serves many
 * requests at once, and a request that awaits a promise another request made
 * continues in that request's I/O context, after which its own D1 and KV calls
 * fail ("Cannot perform I/O on behalf of a different request"). Requests that
 * arrive while the table is being re-read each read it themselves; the table
 * is small and the interval long.
 */
const cache = new WeakMap<D1Database, CachedRules>();

async function rulesFor(env: Env): Promise<Map<string, RedirectRule>> {
  const ttlMs = Math.max(0, Number(env.REDIRECT_CACHE_SECONDS ?? 60) || 0) * 1000;
  const cached = cache.get(env.DB);
  if (cached && Date.now() - cached.loadedAt < ttlMs) return cached.rules;
  try {
    const rules = await listRedirectRules(env.DB);
    cache.set(env.DB, { rules, loadedAt: Date.now() });
    return rules;
  } catch (error) {
    // A missing table or a D1 hiccup must never take routing down: the last rules, or none.
    console.error("Redirect rules could not be read:", error);
    return cached?.rules ?? new Map<string, RedirectRule>();
  }
}

/**
 * Redirect rules from D1 (migrations/0060), resolved before routing for GET and
 * HEAD. An internal target answers 301/302 as configured; an external one only
 * when its host is allowed; refused rules are logged and routing continues.
 */
export const redirectRules = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
  const rules = await rulesFor(c.env);
  if (rules.size === 0) return next();
  const url = new URL(c.req.url);
  const decision = resolveRedirect(
    rules,
    url.pathname,
    url.search,
    url.origin,
    parseAllowedHosts(c.env.REDIRECT_ALLOWED_HOSTS),
  );
  if (!decision) return next();
  if (decision.kind === "refused") {
    console.warn(`Redirect rule for ${url.pathname} ignored: ${decision.reason}`);
    return next();
  }
  return c.redirect(decision.location, decision.status);
});
