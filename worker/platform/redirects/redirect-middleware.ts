import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { splitLocalePath } from "../../../shared/locale-path";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { bumpTags, versionsOf } from "../caches/versions";
import { nearDatabase } from "../database/request-database";

/** The redirect rules' version: the staff desk moves it on when it writes a rule. */
const REDIRECTS_TAG = "redirects";

import { listRedirectRules, type RedirectRule } from "./redirect-rules";
import { parseAllowedHosts, problemReason, resolveRedirect } from "./resolve-redirect";

/**
 * Per-isolate copy of the rules (caches/isolate-cache.ts): one small D1 read per isolate per
 * interval instead of one per request.
 *
 * The copy also belongs to the version it was read under (the `redirects` tag, caches/versions.ts):
 * the staff desk moves it on when it saves a rule, so every isolate re-reads the table on its next
 * request instead of up to REDIRECT_CACHE_SECONDS later. It costs one small KV read per request.
 * It used to be the content version (whose read the page shell's key shared); since decision 0086 a
 * kept page reads its own tags after it is found, so a tag of the rules' own costs no more and a rule
 * no longer makes every page render again. REDIRECT_CACHE_SECONDS still bounds how long a rule typed
 * straight into D1 waits. The first reasons:
 * docs/decisions/0075-redirects-from-the-desk.md.
 * Requests that arrive while the table is being re-read each read it themselves; the table is
 * small and the interval long.
 */
const copies = new IsolateCache<Map<string, RedirectRule>>(4);
/** The rules last read under any version: what routing uses when D1 cannot be read. */
const LAST = "last";

async function rulesFor(c: Context<AppEnv>): Promise<Map<string, RedirectRule>> {
  const { env } = c;
  const ttlMs = Math.max(0, Number(env.REDIRECT_CACHE_SECONDS ?? 60) || 0) * 1000;
  const version = await versionsOf(c, [REDIRECTS_TAG]);
  const cached = copies.get(version);
  if (cached && cached.ageMs < ttlMs) return cached.value;
  try {
    // The rules decide no access: read near the shopper (docs/decisions/0100), never a far round trip.
    const rules = await listRedirectRules(nearDatabase(c));
    copies.set(version, rules);
    copies.set(LAST, rules);
    return rules;
  } catch (error) {
    // A missing table or a D1 hiccup must never take routing down: the last rules, or none.
    console.error("Redirect rules could not be read:", error);
    return (cached ?? copies.get(LAST))?.value ?? new Map<string, RedirectRule>();
  }
}

/**
 * After the staff desk wrote redirect_rules: every isolate's copy is of an older version now, so
 * the next request anywhere reads the table again. Kept page shells stay: a rule is applied before
 * routing, so a redirected path's shell is never reached.
 */
export async function redirectRulesChanged(env: Pick<Env, "CMS_CACHE">): Promise<void> {
  await bumpTags(env.CMS_CACHE, [REDIRECTS_TAG]);
}

/**
 * Redirect rules from D1 (migrations/0060), resolved before routing for GET and
 * HEAD. An internal target answers 301/302 as configured; an external one only
 * when its host is allowed; refused rules are logged and routing continues.
 */
export const redirectRules = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
  const rules = await rulesFor(c);
  if (rules.size === 0) return next();
  const url = new URL(c.req.url);
  // Rules name paths without a locale prefix: `/ar/old` follows the rule for `/old`, and its internal
  // target gets the prefix back on the way out (middleware/locale.ts).
  const decision = resolveRedirect(
    rules,
    splitLocalePath(url.pathname).path,
    url.search,
    url.origin,
    parseAllowedHosts(c.env.REDIRECT_ALLOWED_HOSTS),
  );
  if (!decision) return next();
  if (decision.kind === "refused") {
    console.warn(`Redirect rule for ${url.pathname} ignored: ${problemReason(decision.problem)}`);
    return next();
  }
  return c.redirect(decision.location, decision.status);
});
