import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../platform/app-env";
import { handleGraphql } from "./graphql/handler";
import { brandIcon, brandLogotype, drawIllustration, type IllustrationSpec } from "./media/illustrations";

/**
 * The embedded CMS's public surface when CMS_URL is empty: GraphQL at
 * /graphql and its media under /uploads and /media/brand. With CMS_URL set,
 * these answer 404 and the real Strapi serves them.
 */
export const embeddedCms = new Hono<AppEnv>();

/** Only these paths belong to the embedded CMS; with CMS_URL set they answer 404 (the real Strapi serves them). */
const onlyWhenEmbedded = createMiddleware<AppEnv>(async (c, next) => {
  if (c.env.CMS_URL) return c.notFound();
  await next();
});
embeddedCms.use("/graphql", onlyWhenEmbedded);
embeddedCms.use("/uploads/*", onlyWhenEmbedded);
embeddedCms.use("/media/brand/*", onlyWhenEmbedded);

embeddedCms.on(["GET", "POST"], "/graphql", (c) => handleGraphql(c.req.raw, c.env));

const SVG_HEADERS = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
};

embeddedCms.get("/media/brand/logotype.svg", () => new Response(brandLogotype(), { headers: SVG_HEADERS }));
embeddedCms.get("/media/brand/icon.svg", () => new Response(brandIcon(), { headers: SVG_HEADERS }));

embeddedCms.get("/uploads/:folder{(products|categories|brands|blog|projects)}/:file{.+\\.svg}", async (c) => {
  const url = c.req.path;
  const row = await c.env.DB.prepare("SELECT width, height, provider_metadata FROM cms_media WHERE url = ?1")
    .bind(url)
    .first<{ width: number | null; height: number | null; provider_metadata: string | null }>();
  if (!row?.provider_metadata) return c.notFound();
  const spec = JSON.parse(row.provider_metadata) as IllustrationSpec;
  return new Response(drawIllustration(spec, row.width ?? 800, row.height ?? 800), { headers: SVG_HEADERS });
});
