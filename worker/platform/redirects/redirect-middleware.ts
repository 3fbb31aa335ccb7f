import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { splitLocalePath } from "../../../shared/locale-path";
import type { AppEnv } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";
import { bumpTags, readAlong, readTagVersions, tagVersionsWith, UNKNOWN_VERSION } from "../caches/versions";
import { nearDatabase } from "../database/request-database";
import { backgroundTask } from "../errors/background-task";
import { log } from "../log/log";
import { listRedirectRules, type RedirectRule } from "./redirect-rules";
import { parseAllowedHosts, problemReason, resolveRedirect } from "./resolve-redirect";
import { keepSnapshot, SNAPSHOT_KEY, snapshotRules } from "./rules-snapshot";

/** The redirect rules' version: the staff desk moves it on when it writes a rule. */
const REDIRECTS_TAG = "redirects";

/**
 * Per-isolate copy of the rules (caches/isolate-cache.ts), with the version of the `redirects` tag
 * (caches/versions.ts) it was read under: the staff desk moves the version on when it saves a rule.
 *
 * Within REDIRECT_CACHE_SECONDS of its read the copy is used at once, and its version is checked
 * along with the request's own bulk read of versions (a kept page's: `readAlong`), or after the
 * answer when the request reads none: a rule saved on the desk reaches each isolate a request later,
 * at no round trip of its own (decision 0100; the rules used to cost every request a KV read of
 * their own before its page's, decision 0086). Past that age, or once the version moved, or in a
 * fresh isolate, the rules come from their KV snapshot in the same read as their version, with no
 * D1 round trip (rules-snapshot.ts, decision 0138); only a snapshot missing or of another version
 * sends the request to D1. The first reasons: docs/decisions/0075-redirects-from-the-desk.md.
 * Requests that arrive while the rules are being read each read them themselves; that is one KV read.
 */
interface RulesCopy {
  version: string | undefined;
  rules: Map<string, RedirectRule>;
}

const copies = new IsolateCache<RulesCopy>(1);
const COPY = "rules";

/** The rules for this request, and the version to check the copy against when it was not read now. */
async function rulesFor(
  c: Context<AppEnv>,
): Promise<{ rules: Map<string, RedirectRule>; unchecked: RulesCopy | null }> {
  const ttlMs = Math.max(0, Number(c.env.REDIRECT_CACHE_SECONDS ?? 60) || 0) * 1000;
  const copy = copies.get(COPY);
  if (copy && copy.ageMs < ttlMs) return { rules: copy.value.rules, unchecked: copy.value };
  try {
    const { versions, values } = await tagVersionsWith(c, [REDIRECTS_TAG], [SNAPSHOT_KEY]);
    const version = versions.get(REDIRECTS_TAG) ?? UNKNOWN_VERSION;
    const rules = snapshotRules(values.get(SNAPSHOT_KEY) ?? null, version) ?? (await rulesFromD1(c, version));
    copies.set(COPY, { version, rules });
    return { rules, unchecked: null };
  } catch (error) {
    // A missing table or a D1 hiccup must never take routing down: the last rules, or none.
    log.error("Redirect rules could not be read", { error });
    return { rules: copy?.value.rules ?? new Map<string, RedirectRule>(), unchecked: null };
  }
}

/**
 * The rules when their snapshot could not serve: read on the primary and kept as the snapshot of
 * `version` after the answer. When KV failed (the version unknown) they decide no access and are read
 * near the shopper, and no snapshot is written under a version nobody knows.
 */
async function rulesFromD1(c: Context<AppEnv>, version: string): Promise<Map<string, RedirectRule>> {
  if (version === UNKNOWN_VERSION) return listRedirectRules(nearDatabase(c));
  const rules = await listRedirectRules(c.env.DB);
  backgroundTask(c, keepSnapshot(c.env, rules, version));
  return rules;
}

/** Forgets the copy when the rules' version has moved on since it was read. */
function forgetIfMoved(copy: RulesCopy, version: string | undefined): void {
  if (version === undefined || version === UNKNOWN_VERSION || version === copy.version) return;
  if (copies.get(COPY)?.value === copy) copies.delete(COPY);
}

/** After the answer: the copy used unchecked is checked against the version this request read, or read now. */
function checkCopy(c: Context<AppEnv>, copy: RulesCopy): void {
  const read = c.get("tagVersions")?.get(REDIRECTS_TAG);
  if (read !== undefined) {
    forgetIfMoved(copy, read);
    return;
  }
  backgroundTask(
    c,
    readTagVersions(c.env.CMS_CACHE, [REDIRECTS_TAG]).then((versions) =>
      forgetIfMoved(copy, versions.get(REDIRECTS_TAG)),
    ),
  );
}

/**
 * After the staff desk wrote redirect_rules: every isolate's copy is of an older version now, so
 * the next request anywhere reads the rules again, from the snapshot kept here. Kept page shells
 * stay: a rule is applied before routing, so a redirected path's shell is never reached.
 */
export async function redirectRulesChanged(env: Pick<Env, "CMS_CACHE" | "DB">): Promise<void> {
  // This isolate (the desk's) reads them again at once; the others when they see the version move.
  copies.delete(COPY);
  const version = await bumpTags(env.CMS_CACHE, [REDIRECTS_TAG]);
  // Read after the version moved, on the desk's primary session, which has the save.
  await keepSnapshot(env, await listRedirectRules(env.DB), version);
}

/**
 * Redirect rules from D1 (migrations/0060), resolved before routing for GET and
 * HEAD. An internal target answers 301/302 as configured; an external one only
 * when its host is allowed; refused rules are logged and routing continues.
 */
export const redirectRules = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
  const { rules, unchecked } = await rulesFor(c);
  if (unchecked) readAlong(c, [REDIRECTS_TAG]);
  const redirect = redirectOf(c, rules);
  if (!redirect) await next();
  if (unchecked) checkCopy(c, unchecked);
  if (redirect) return redirect;
});

/** The redirect a rule makes of this request, or null to route it. */
function redirectOf(c: Context<AppEnv>, rules: Map<string, RedirectRule>): Response | null {
  if (rules.size === 0) return null;
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
  if (!decision) return null;
  if (decision.kind === "refused") {
    log.warn("Redirect rule ignored", { reason: problemReason(decision.problem) });
    return null;
  }
  return c.redirect(decision.location, decision.status);
}
