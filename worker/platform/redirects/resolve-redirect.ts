import type { RedirectRule } from "./redirect-rules";

export type RedirectDecision =
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "refused"; reason: string };

/** A chain longer than this is treated like a loop: something is misconfigured. */
const MAX_HOPS = 10;

/** Hosts from REDIRECT_ALLOWED_HOSTS ("a.example, b.example"), lower-cased. */
export function parseAllowedHosts(value: string | undefined): Set<string> {
  return new Set(
    (value ?? "")
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * Where a rule for `path` sends the shopper, following a chain of internal rules
 * so they take one hop instead of several. A chain that comes back to a path it
 * passed (or a rule to itself) is refused, as is an external target whose host
 * is not allowed or whose scheme is not http(s). The chain is 301 only when
 * every rule in it is permanent. No rule: null.
 */
export function resolveRedirect(
  rules: ReadonlyMap<string, RedirectRule>,
  path: string,
  search: string,
  origin: string,
  allowedHosts: ReadonlySet<string>,
): RedirectDecision | null {
  let rule = rules.get(path);
  if (!rule) return null;
  const seen = new Set([path]);
  let status: 301 | 302 = 301;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    if (rule.status === 302) status = 302;
    let target: URL;
    try {
      target = new URL(rule.toTarget, origin);
    } catch {
      return { kind: "refused", reason: `invalid target "${rule.toTarget}" for ${rule.fromPath}` };
    }
    const sameSite = target.origin === origin;
    if (!sameSite) {
      if (target.protocol !== "https:" && target.protocol !== "http:") {
        return { kind: "refused", reason: `target scheme ${target.protocol} not allowed for ${rule.fromPath}` };
      }
      if (!allowedHosts.has(target.hostname.toLowerCase())) {
        return { kind: "refused", reason: `host ${target.hostname} is not in REDIRECT_ALLOWED_HOSTS` };
      }
      return { kind: "redirect", location: withSearch(target, search).toString(), status };
    }
    const nextPath = target.pathname.length > 1 ? target.pathname.replace(/\/+$/, "") : target.pathname;
    if (seen.has(nextPath)) return { kind: "refused", reason: `loop: ${[...seen, nextPath].join(" → ")}` };
    seen.add(nextPath);
    const next = rules.get(nextPath);
    if (!next) {
      const local = withSearch(target, search);
      return { kind: "redirect", location: local.pathname + local.search + local.hash, status };
    }
    rule = next;
  }
  return { kind: "refused", reason: `chain from ${path} is longer than ${MAX_HOPS} rules` };
}

/** The request's query goes along unless the rule names its own. */
function withSearch(target: URL, search: string): URL {
  if (!target.search && search) target.search = search;
  return target;
}
