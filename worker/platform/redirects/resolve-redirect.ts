import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { routePath } from "../../../shared/links";
import { localizePath, splitLocalePath } from "../../../shared/locale-path";
import { safeLocalPath } from "../security/safe-path";
import type { RedirectRule } from "./redirect-rules";

/**
 * The rules a redirect rule must keep, in one place: the middleware ignores a rule that breaks
 * one (redirect-middleware.ts) and the staff desk refuses to save it (check-rule.ts), with the
 * same functions, so the desk can never save a rule the middleware would then ignore.
 */

/** Why a rule is not followed: the middleware logs it, the desk puts it in words beside a field. */
export type RedirectProblem =
  | { code: "invalid-target"; from: string; target: string }
  | { code: "scheme"; from: string; scheme: string }
  | { code: "host"; from: string; host: string }
  | { code: "loop"; chain: string[] }
  | { code: "too-long"; from: string };

export type RedirectDecision =
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "refused"; problem: RedirectProblem };

/** A chain longer than this is treated like a loop: something is misconfigured. */
export const MAX_HOPS = 10;

/**
 * Paths no rule applies to: the staff desk and its sign-in (a rule there would lock staff out of
 * the one place that can undo it) and the CMS API, which answers programs, not shoppers.
 */
const RESERVED = [routePath("staff"), routePath("user-login"), "/api"];

export function isReservedPath(path: string): boolean {
  return RESERVED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Hosts from REDIRECT_ALLOWED_HOSTS ("a.example, b.example"), lower-cased. */
export function parseAllowedHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The key a path is looked up by: as the URL parser gives it, trailing slashes removed (the trailing-slash middleware ran first). */
export function rulePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

/**
 * Whether a path is written under a locale prefix (`/ar`, `/ar/delivery`). A rule never applies to
 * one: the middleware looks rules up by the path without its prefix, so one rule serves both languages.
 */
export function isLocalePrefixed(path: string): boolean {
  return splitLocalePath(path).locale !== DEFAULT_LOCALE;
}

/**
 * `path`: the key the middleware will look the target up by when the browser arrives there, the
 * path without its locale prefix (`/ar/company` → `/company`); `locale`: the prefix's, when it has one.
 */
export type TargetCheck =
  | { kind: "external"; url: URL }
  | { kind: "internal"; url: URL; path: string; locale: Locale | null }
  | { kind: "refused"; problem: RedirectProblem };

/**
 * Where one rule's target leads: a path on this site (compared by origin, so `//host` and
 * `/\host` count as the other host they are to browsers), or an http(s) address on an allowed
 * host; anything else is refused. A path on this site goes through safeLocalPath: dot segments
 * can leave `//host` at its start (`/.//evil.example`), which a browser would read as a host.
 */
export function checkTarget(
  rule: Pick<RedirectRule, "fromPath" | "toTarget">,
  origin: string,
  allowedHosts: ReadonlySet<string>,
): TargetCheck {
  let url: URL;
  try {
    url = new URL(rule.toTarget, origin);
  } catch {
    return { kind: "refused", problem: { code: "invalid-target", from: rule.fromPath, target: rule.toTarget } };
  }
  if (url.origin === origin) {
    const local = new URL(safeLocalPath(url.pathname + url.search + url.hash, "/"), origin);
    const { locale, path } = splitLocalePath(rulePath(local.pathname));
    return { kind: "internal", url: local, path, locale: locale === DEFAULT_LOCALE ? null : locale };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { kind: "refused", problem: { code: "scheme", from: rule.fromPath, scheme: url.protocol } };
  }
  if (!allowedHosts.has(url.hostname.toLowerCase())) {
    return { kind: "refused", problem: { code: "host", from: rule.fromPath, host: url.hostname } };
  }
  return { kind: "external", url };
}

/** One line for the log. */
export function problemReason(problem: RedirectProblem): string {
  switch (problem.code) {
    case "invalid-target":
      return `invalid target "${problem.target}" for ${problem.from}`;
    case "scheme":
      return `target scheme ${problem.scheme} not allowed for ${problem.from}`;
    case "host":
      return `host ${problem.host} is not in REDIRECT_ALLOWED_HOSTS`;
    case "loop":
      return `loop: ${problem.chain.join(" → ")}`;
    case "too-long":
      return `chain from ${problem.from} is longer than ${MAX_HOPS} rules`;
  }
}

/**
 * Where a rule for `path` sends the shopper, following a chain of internal rules
 * so they take one hop instead of several. A chain that comes back to a path it
 * passed (or a rule to itself) is refused, as is an external target whose host
 * is not allowed or whose scheme is not http(s). The chain is 301 only when
 * every rule in it is permanent. No rule (or a reserved path): null.
 *
 * Paths are compared without their locale prefix, as the middleware matches them: a target
 * `/ar/company` arrives back at the rule for `/company` (so `/company` → `/ar/company` is a loop
 * for every Arabic visitor), and a chain that passed through `/ar…` ends in Arabic.
 */
export function resolveRedirect(
  rules: ReadonlyMap<string, RedirectRule>,
  path: string,
  search: string,
  origin: string,
  allowedHosts: ReadonlySet<string>,
): RedirectDecision | null {
  const ruleFor = (at: string) => (isReservedPath(at) || isLocalePrefixed(at) ? undefined : rules.get(at));
  let rule = ruleFor(path);
  if (!rule) return null;
  const seen = new Set([path]);
  let status: 301 | 302 = 301;
  let locale: Locale | null = null;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (rule.status === 302) status = 302;
    const target = checkTarget(rule, origin, allowedHosts);
    if (target.kind === "refused") return target;
    if (target.kind === "external") {
      return { kind: "redirect", location: withSearch(target.url, search).toString(), status };
    }
    if (seen.has(target.path)) return { kind: "refused", problem: { code: "loop", chain: [...seen, target.path] } };
    seen.add(target.path);
    locale = target.locale ?? locale;
    const next = ruleFor(target.path);
    if (!next) {
      const local = withSearch(target.url, search);
      const location = local.pathname + local.search + local.hash;
      return { kind: "redirect", location: locale ? localizePath(locale, location) : location, status };
    }
    rule = next;
  }
  return { kind: "refused", problem: { code: "too-long", from: path } };
}

/** The request's query goes along unless the rule names its own. */
function withSearch(target: URL, search: string): URL {
  if (!target.search && search) target.search = search;
  return target;
}
