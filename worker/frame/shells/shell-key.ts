import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { buildInfo } from "../document/build-info";

/** Settled per isolate, made on first use (random values can't be made at module scope). */
let localBuild: string | undefined;

/**
 * The deployment a shell belongs to. Deployed, the version metadata names it.
 * Locally (no metadata) a code change restarts the isolate, so a shell lives
 * no longer than the isolate that rendered it.
 */
function shellBuild(env: Env): string {
  const id = buildInfo(env).id;
  if (id !== "local") return id;
  localBuild ??= `local-${crypto.randomUUID()}`;
  return localBuild;
}

/**
 * A page shell's key in the Cache API: the path and the query parameters the page reads, in
 * their one spelling (its route row's `query` in the spelling of page-query.ts, read by page-shell.ts; any other
 * parameter, a campaign's or a crawler's, is left out), the locale and the build. A new deployment
 * asks for new keys; what the page shows is judged by the tags kept with it (stale-shells.ts,
 * decision 0086), so a change refreshes the pages that show it under the same key.
 */
export function shellKey(c: Context<AppEnv>, query: string): Request {
  const url = new URL(c.req.url);
  const scope = [shellBuild(c.env), c.get("locale")].map(encodeURIComponent).join("/");
  return new Request(`${url.origin}/__page-shell/${scope}${url.pathname}${query ? `?${query}` : ""}`);
}

/**
 * A page frame's key (page-frame.ts): its kind ("not-found", "search"), build, locale and what tells
 * the kind's frames apart, under its own prefix, so no asked path's shell key can be the same.
 */
export function frameKey(c: Context<AppEnv>, kind: string, id = ""): Request {
  const scope = [kind, shellBuild(c.env), c.get("locale"), id].map(encodeURIComponent).join("/");
  return new Request(`${new URL(c.req.url).origin}/__page-frame/${scope}`);
}
