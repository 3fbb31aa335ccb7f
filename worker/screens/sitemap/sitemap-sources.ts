import type { Context } from "hono";
import { isPersonalPath } from "../../../shared/personal-paths";
import { routes } from "../../../shared/routes";
import type { AppEnv } from "../../platform/app-env";
import { buildInfo } from "../../platform/render/build-info";
import { categoriesSource, pageUpdates, postsSource, productsSource, projectsSource } from "./sitemap-cms-sources";

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

/**
 * Pages of the route table without parameters that are not personal: home,
 * listings, information and legal pages. An information page's lastmod is its
 * CMS record's; the others changed with the deployment.
 */
export const staticPagesSource: SitemapSource = {
  name: "pages",
  async entries(c) {
    const deployed = buildInfo(c.env).timestamp || undefined;
    const updates = await pageUpdates(c);
    return routes
      .filter((route) => !route.path.includes(":") && !isPersonalPath(route.path))
      .map((route) => ({ path: route.path, lastmod: updates.get(route.path) ?? deployed }));
  },
};

/** Every source, in the order the index lists them. */
export const sitemapSources: readonly SitemapSource[] = [
  staticPagesSource,
  categoriesSource,
  productsSource,
  postsSource,
  projectsSource,
];
