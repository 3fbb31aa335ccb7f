import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { shellVersions } from "../../platform/caches/versions";
import { buildInfo } from "../document/build-info";

/** Query parameters that never change a page: campaign and click ids. */
const IGNORED_PARAMS = /^(utm_[a-z_]+|gclid|fbclid|msclkid|yclid|_ga|_gl)$/;

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
 * A page shell's key in the Cache API: the normalised URL (campaign parameters
 * dropped, the rest sorted, repeated keys kept in order), the locale, the build
 * the content version and the stock version. A new deployment, a CMS change or a SKU
 * that sells out asks for new keys: nothing has to be purged, and the old shells expire
 * on their own.
 */
export async function shellKey(c: Context<AppEnv>): Promise<Request> {
  const url = new URL(c.req.url);
  const params = [...url.searchParams]
    .filter(([name]) => !IGNORED_PARAMS.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const { content, stock } = await shellVersions(c);
  const scope = [shellBuild(c.env), content, stock, c.get("locale")].map(encodeURIComponent).join("/");
  return new Request(`${url.origin}/__page-shell/${scope}${url.pathname}${query ? `?${query}` : ""}`);
}
