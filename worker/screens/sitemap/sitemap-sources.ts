import { routes } from "../../../shared/routes";
import { buildInfo } from "../../frame/document/build-info";
import {
  brandsSource,
  categoriesSource,
  pageUpdates,
  postsSource,
  productsSource,
  projectsSource,
} from "./sitemap-cms-sources";
import type { SitemapSource } from "./sitemap-source";

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
      .filter((route) => !route.path.includes(":") && !route.personal && !route.middleware.includes("noindex"))
      .map((route) => ({ path: route.path, lastmod: updates.get(route.path) ?? deployed }));
  },
};

/** Every source, in the order the index lists them. */
export const sitemapSources: readonly SitemapSource[] = [
  staticPagesSource,
  categoriesSource,
  brandsSource,
  productsSource,
  postsSource,
  projectsSource,
];
