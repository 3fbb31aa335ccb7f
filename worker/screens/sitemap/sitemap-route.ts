import { Hono } from "hono";
import { siteOrigin } from "../../frame/head/site-origin";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
import type { SitemapEntry } from "./sitemap-source";
import { sitemapSources } from "./sitemap-sources";
import { latest, SITEMAP_PAGE_SIZE, sitemapIndexXml, urlSetXml } from "./sitemap-xml";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

/** The pages of one source's entries, each at most SITEMAP_PAGE_SIZE long. */
function paginate(entries: SitemapEntry[]): SitemapEntry[][] {
  const pages: SitemapEntry[][] = [];
  for (let i = 0; i < entries.length; i += SITEMAP_PAGE_SIZE) pages.push(entries.slice(i, i + SITEMAP_PAGE_SIZE));
  return pages;
}

/**
 * GET /sitemap.xml: an index of paged sitemaps, one series per source, each
 * with the newest lastmod of its URLs. GET /sitemaps/{source}-{page}.xml: the URLs.
 * A source that fails is logged and left out rather than failing the index.
 */
export const sitemap = new Hono<AppEnv>()
  .get("/sitemap.xml", async (c) => {
    const origin = siteOrigin(c);
    const lists = await Promise.all(
      sitemapSources.map(async (source) => {
        try {
          return { source, pages: paginate(await source.entries(c)) };
        } catch (error) {
          log.error("Sitemap source failed", { operation: source.name, error });
          return { source, pages: [] };
        }
      }),
    );
    const files = lists.flatMap(({ source, pages }) =>
      pages.map((entries, index) => ({
        url: `${origin}/sitemaps/${source.name}-${index + 1}.xml`,
        lastmod: latest(entries),
      })),
    );
    return c.body(sitemapIndexXml(files), 200, XML_HEADERS);
  })
  .get("/sitemaps/:file", async (c) => {
    const match = /^([a-z][a-z-]*)-([1-9][0-9]*)\.xml$/.exec(c.req.param("file"));
    const source = match && sitemapSources.find((s) => s.name === match[1]);
    if (!match || !source) return c.notFound();
    const page = paginate(await source.entries(c))[Number(match[2]) - 1];
    if (!page) return c.notFound();
    return c.body(urlSetXml(siteOrigin(c), page), 200, XML_HEADERS);
  });
