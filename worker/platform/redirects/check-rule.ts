import { splitLocalePath } from "../../../shared/locale-path";
import { safeLocalPath } from "../security/safe-path";
import type { RedirectRule } from "./redirect-rules";
import {
  checkTarget,
  isLocalePrefixed,
  isReservedPath,
  MAX_HOPS,
  type RedirectProblem,
  resolveRedirect,
  rulePath,
} from "./resolve-redirect";

/**
 * A rule as the staff desk would save it, checked with the middleware's own functions
 * (resolve-redirect.ts) against the table as it would then be: what the desk saves, the
 * middleware follows. Problems come back per field, in words staff can act on.
 */
export type RuleField = "fromPath" | "toTarget" | "status";
export type RuleErrors = Partial<Record<RuleField, string>>;

export interface RuleDraft {
  fromPath: string;
  toTarget: string;
  status: string;
}

export interface RuleContext {
  /** Every rule now, keyed by path. */
  rules: ReadonlyMap<string, RedirectRule>;
  /** The path of the rule being changed (its old version leaves the table). */
  replacing?: string;
  /** This site's origin: targets on it are paths. */
  origin: string;
  allowedHosts: ReadonlySet<string>;
}

export type RuleCheck = { ok: true; rule: RedirectRule } | { ok: false; errors: RuleErrors };

const MAX_LENGTH = 2000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters and spaces never belong in an address
const UNPRINTABLE = /[\s\u0000-\u001f\u007f]/;

/** The path a rule applies to, as the middleware looks it up (the URL parser's form, no trailing slash). */
function fromPathOf(value: string, origin: string): { path: string } | { error: string } {
  let raw = value.trim();
  if (!raw) return { error: "Enter the path to send on, e.g. /old-serums." };
  if (raw.length > MAX_LENGTH) return { error: "This path is too long." };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: see UNPRINTABLE
  if (/[\u0000-\u001f\u007f]/.test(raw)) return { error: "A path has no line breaks or control characters." };
  // An address of this very shop, pasted from the browser, stands for its path.
  if (raw.startsWith(`${origin}/`)) raw = raw.slice(origin.length);
  if (!raw.startsWith("/")) return { error: "Start with / : the path on this shop, e.g. /old-serums." };
  if (raw.includes("?") || raw.includes("#")) {
    return { error: "A rule applies to a whole path: leave out everything from ? or #." };
  }
  // Browsers read `//host` and `/\host` as another site; a path for a rule never needs either.
  const pathname = new URL(raw, origin).pathname;
  if (raw.includes("\\") || /^\/\//.test(raw) || safeLocalPath(pathname, "") !== pathname) {
    return { error: "A path starts with a single / and uses / (not \\) between its parts." };
  }
  const path = rulePath(pathname);
  if (isLocalePrefixed(path)) {
    const neutral = splitLocalePath(path).path;
    return {
      error: `A rule applies in both languages, so its path is written without /ar: enter ${neutral}, and ${path} is sent on too.`,
    };
  }
  if (isReservedPath(path)) {
    return { error: "The staff desk, the sign-in page and the API cannot be redirected: nobody could undo it." };
  }
  return { path };
}

/** Words for a refusal; `from` is the rule being saved, so a problem further down its chain says whose it is. */
export function describeProblem(problem: RedirectProblem, from: string, allowedHosts: ReadonlySet<string>): string {
  switch (problem.code) {
    case "loop":
      return `This would make a loop: ${problem.chain.join(" → ")}.`;
    case "too-long":
      return `This would make a chain of more than ${MAX_HOPS} rules from ${problem.from}. Point the rule straight at the final page.`;
  }
  const what =
    problem.code === "invalid-target"
      ? `“${problem.target}” is not a path or a web address.`
      : problem.code === "scheme"
        ? `only a path on this shop or an https:// address can be a target, not ${problem.scheme}`
        : allowedHosts.size > 0
          ? `the site ${problem.host} is not one of those shoppers may be sent to (${[...allowedHosts].join(", ")}). Use a path on this shop, or ask for the site to be added to REDIRECT_ALLOWED_HOSTS.`
          : `shoppers may not be sent to other sites (REDIRECT_ALLOWED_HOSTS is empty). Use a path on this shop, like /catalog.`;
  const sentence = what.endsWith(".") ? what : `${what}.`;
  // A target a rule cannot have is this rule's own problem, or that of a rule further down its chain.
  if (problem.from !== from) return `It leads on to the rule for ${problem.from}, which is not followed: ${sentence}`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The target as the middleware reads it; a path on this shop is kept as a path. */
function targetOf(
  value: string,
  from: string,
  origin: string,
  allowedHosts: ReadonlySet<string>,
): { target: string; path?: string } | { error: string } {
  const raw = value.trim();
  if (!raw) return { error: "Enter where it should lead: a path like /catalog/skincare or an https:// address." };
  if (raw.length > MAX_LENGTH) return { error: "This address is too long." };
  if (UNPRINTABLE.test(raw)) return { error: "An address has no spaces or line breaks." };
  if (!raw.startsWith("/") && !/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    return { error: "Start with / for a page of this shop, or https:// for another site." };
  }
  const checked = checkTarget({ fromPath: from, toTarget: raw }, origin, allowedHosts);
  if (checked.kind === "refused") return { error: describeProblem(checked.problem, from, allowedHosts) };
  if (checked.kind === "external") return { target: checked.url.toString() };
  const { url } = checked;
  return { target: url.pathname + url.search + url.hash, path: checked.path };
}

function statusOf(value: string): 301 | 302 | null {
  return value === "301" ? 301 : value === "302" ? 302 : null;
}

/** Checks a draft against the table as it would be with it saved; the rule to save, normalised, or the errors. */
export function checkRule(draft: RuleDraft, context: RuleContext): RuleCheck {
  const { origin, allowedHosts, rules, replacing } = context;
  const errors: RuleErrors = {};
  const from = fromPathOf(draft.fromPath, origin);
  if ("error" in from) errors.fromPath = from.error;
  else if (from.path !== replacing && rules.has(from.path)) {
    errors.fromPath = `There is already a rule for ${from.path}: change that one instead.`;
  }
  const status = statusOf(draft.status);
  if (!status) errors.status = "Choose permanent (301) or temporary (302).";
  const fromPath = "path" in from ? from.path : "";
  const target = targetOf(draft.toTarget, fromPath, origin, allowedHosts);
  if ("error" in target) errors.toTarget = target.error;
  else if (fromPath && target.path === fromPath) {
    // Compared without the locale prefix, as the middleware matches: `/ar/company` comes back to the rule for `/company`.
    const written = target.target.split(/[?#]/, 1)[0];
    errors.toTarget =
      written === fromPath
        ? `This sends ${fromPath} to itself. Choose another page.`
        : `This sends ${written} to itself: a rule applies in both languages, so ${written} follows the rule for ${fromPath}. Choose another page.`;
  }
  if (Object.keys(errors).length > 0 || !status || "error" in target) return { ok: false, errors };

  const rule: RedirectRule = { fromPath, toTarget: target.target, status };
  const next = new Map(rules);
  if (replacing !== undefined) next.delete(replacing);
  next.set(fromPath, rule);
  const resolve = (map: ReadonlyMap<string, RedirectRule>, path: string) =>
    resolveRedirect(map, path, "", origin, allowedHosts);
  const own = resolve(next, fromPath);
  if (own?.kind === "refused")
    return { ok: false, errors: { toTarget: describeProblem(own.problem, fromPath, allowedHosts) } };
  // A rule that worked must keep working: the new one may close a loop or lengthen a chain that runs through it.
  for (const path of next.keys()) {
    if (path === fromPath) continue;
    const after = resolve(next, path);
    if (after?.kind !== "refused" || resolve(rules, path)?.kind === "refused") continue;
    const why = describeProblem(after.problem, fromPath, allowedHosts);
    return { ok: false, errors: { toTarget: `The rule for ${path} would stop working. ${why}` } };
  }
  return { ok: true, rule };
}
