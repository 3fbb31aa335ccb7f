import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { listRedirectRules, type RedirectRule } from "./redirect-rules";
import { parseAllowedHosts, resolveRedirect } from "./resolve-redirect";

interface CachedRules {
  rules: Promise<Map<string, RedirectRule>>;
  loadedAt: number;
}

/**
 * Per-isolate copy of the rules, refreshed after REDIRECT_CACHE_SECONDS: one small
 * D1 read per isolate per interval instead of one per request. Keyed by the D1
 * binding so tests and environments never share a copy.
 */
const cache = new WeakMap<D1Database, CachedRules>();

function rulesFor(env: Env): Promise<Map<string, RedirectRule>> {
  const ttlMs = Math.max(0, Number(env.REDIRECT_CACHE_SECONDS ?? 60) || 0) * 1000;
  const cached = cache.get(env.DB);
  if (cached && Date.now() - cached.loadedAt < ttlMs) return cached.rules;
  const rules = listRedirectRules(env.DB).catch((error: unknown) => {
    // A missing table or a D1 hiccup must never take routing down: no rules this time.
    console.error("Redirect rules could not be read:", error);
    cache.delete(env.DB);
    return new Map<string, RedirectRule>();
  });
  cache.set(env.DB, { rules, loadedAt: Date.now() });
  return rules;
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
