import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { shellVersions } from "../../platform/caches/versions";
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
 * parameter, a campaign's or a crawler's, is left out), the locale, the build, the content
 * version and the stock version. A new deployment, a CMS change or a SKU
 * that sells out asks for new keys: nothing has to be purged, and the old shells expire
 * on their own.
 */
export async function shellKey(c: Context<AppEnv>, query: string): Promise<Request> {
  const url = new URL(c.req.url);
  const { content, stock } = await shellVersions(c);
  const scope = [shellBuild(c.env), content, stock, c.get("locale")].map(encodeURIComponent).join("/");
  return new Request(`${url.origin}/__page-shell/${scope}${url.pathname}${query ? `?${query}` : ""}`);
}
