import { Hono } from "hono";
import { PERSONAL_PATHS } from "../../../shared/personal-paths";
import { siteOrigin } from "../../frame/head/site-origin";
import type { AppEnv } from "../../platform/app-env";

/** GET /robots.txt: personal pages (bag, checkout, account, search, favourites) are off limits; the sitemap is named. */
export const robots = new Hono<AppEnv>().get("/robots.txt", (c) => {
  const lines = [
    "User-agent: *",
    ...PERSONAL_PATHS.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${siteOrigin(c)}/sitemap.xml`,
    "",
  ];
  return c.body(lines.join("\n"), 200, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
  });
});
