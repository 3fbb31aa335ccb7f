import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { authApi } from "./auth/auth-routes";
import type { CmsEnv, CmsHost } from "./auth/cms-host";
import { handleGraphql } from "./graphql/handler";
import { brandIcon, brandLogotype, drawIllustration, type IllustrationSpec } from "./media/illustrations";

/** Only these paths belong to the embedded CMS; with CMS_URL set they answer 404 (the real Strapi serves them). */
const onlyWhenEmbedded = createMiddleware<CmsEnv>(async (c, next) => {
  if (c.env.CMS_URL) return c.notFound();
  await next();
});

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
};

/**
 * The embedded CMS, a Strapi-v4-compatible app of its own when CMS_URL is empty: GraphQL at
 * /graphql, users-permissions' REST API under /api, and its media under /uploads and
 * /media/brand. worker/index.ts builds it once with what it borrows from the worker (the
 * host), mounts it for API clients and browsers, and hands it to the storefront as a fetch
 * (worker/platform/cms-client/cms-service.ts): the shop never imports it. With CMS_URL set,
 * its paths answer 404 and the real Strapi serves them.
 */
export function createEmbeddedCms(host: CmsHost): Hono<CmsEnv> {
  const cms = new Hono<CmsEnv>();
  // Only the CMS's own paths: mounted at the root of the shop, a bare `use` would run for every page.
  for (const path of ["/graphql", "/uploads/*", "/media/brand/*"]) cms.use(path, onlyWhenEmbedded);
  for (const path of ["/api/auth/*", "/api/users/*", "/api/connect/*"]) {
    cms.use(path, async (c, next) => {
      c.set("host", host);
      await next();
    });
  }
  cms.on(["GET", "POST"], "/graphql", (c) => handleGraphql(c.req.raw, c.env));
  cms.get("/media/brand/logotype.svg", () => new Response(brandLogotype(), { headers: SVG_HEADERS }));
  cms.get("/media/brand/icon.svg", () => new Response(brandIcon(), { headers: SVG_HEADERS }));
  cms.get("/uploads/:folder{(products|categories|brands|blog|projects)}/:file{.+\\.svg}", uploadedIllustration);
  cms.route("/api", authApi);
  return cms;
}

/** An illustration the seed describes in cms_media, drawn on request. */
async function uploadedIllustration(c: Context<CmsEnv>): Promise<Response> {
  const url = c.req.path;
  const row = await c.env.DB.prepare("SELECT width, height, provider_metadata FROM cms_media WHERE url = ?1")
    .bind(url)
    .first<{ width: number | null; height: number | null; provider_metadata: string | null }>();
  if (!row?.provider_metadata) return c.notFound();
  const spec = JSON.parse(row.provider_metadata) as IllustrationSpec;
  return new Response(drawIllustration(spec, row.width ?? 800, row.height ?? 800), { headers: SVG_HEADERS });
}
