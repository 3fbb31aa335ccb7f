import { Hono } from "hono";
import { LOCALES } from "../../../shared/constants";
import { localizePath } from "../../../shared/locale-path";
import { PERSONAL_PATHS } from "../../../shared/personal-paths";
import { routes } from "../../../shared/routes";
import { siteOrigin } from "../../frame/head/site-origin";
import type { AppEnv } from "../../platform/app-env";

/**
 * Shared pages kept out of search engines (`noindex` in the route table): search results, the
 * same for everyone and kept like any public page, but an endless space for a crawler.
 */
const NOINDEX_SHARED = routes.filter((r) => !r.personal && r.middleware.includes("noindex")).map((r) => r.path);

/** GET /robots.txt: personal pages (bag, checkout, account, favourites) and search results are off limits in every language; the sitemap is named. */
export const robots = new Hono<AppEnv>().get("/robots.txt", (c) => {
  const lines = [
    "User-agent: *",
    // In every language: `/ar/cart` as well as `/cart` (the staff desk has English only).
    ...[
      ...new Set(
        LOCALES.flatMap((locale) => [...PERSONAL_PATHS, ...NOINDEX_SHARED].map((p) => localizePath(locale, p))),
      ),
    ].map((path) => `Disallow: ${path}`),
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
