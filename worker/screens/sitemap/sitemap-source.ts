import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
/** One page for search engines: its path and when it last changed (ISO 8601). */
export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/**
 * Something that knows a kind of page: information pages from the route table,
 * or categories, products, posts and projects from the CMS. The name becomes
 * the paged sitemap's file name (`/sitemaps/{name}-{page}.xml`).
 */
export interface SitemapSource {
  name: string;
  entries(c: Context<AppEnv>): Promise<SitemapEntry[]>;
}
