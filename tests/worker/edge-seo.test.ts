import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { serializeJsonLd } from "../../worker/frame/head/json-ld";
import { fetchWorker } from "./fetch";

const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

/** Well-formedness without a DOM parser: every tag closes in order, attributes quoted, entities known. */
function expectWellFormedXml(xml: string): void {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^?]*\?>/, "");
  const stack: string[] = [];
  for (const match of body.matchAll(/<(\/?)([a-zA-Z:]+)((?:\s+[a-zA-Z:]+="[^"<]*")*)\s*(\/?)>/g)) {
    const [, closing, name, , selfClosing] = match;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name as string);
  }
  expect(stack).toEqual([]);
  const text = body.replace(/<[^>]+>/g, "");
  expect(text).not.toMatch(/&(?!(amp|lt|gt|apos|quot);)/);
  expect(text).not.toContain("<");
}

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
}

describe("robots.txt", () => {
  it("disallows the bag, checkout, account, search and favourites and names the sitemap", async () => {
    const res = await fetchWorker("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    for (const path of ["/cart", "/user", "/search", "/favorites"]) expect(body).toContain(`Disallow: ${path}\n`);
    expect(body).toContain("Sitemap: https://shop.example/sitemap.xml");
  });
});

describe("sitemap", () => {
  it("is an index of paged sitemaps on this origin", async () => {
    const res = await fetchWorker("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    expectWellFormedXml(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(xml);
    expect(files).toContain("https://shop.example/sitemaps/pages-1.xml");
    for (const file of files) expect(file).toMatch(/^https:\/\/shop\.example\/sitemaps\/[a-z-]+-\d+\.xml$/);
  });

  it("lists the information and legal pages and leaves personal pages out", async () => {
    const xml = await (await fetchWorker("/sitemaps/pages-1.xml")).text();
    expectWellFormedXml(xml);
    expect(xml).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const urls = locs(xml);
    for (const path of ["/", "/catalog", "/blog", "/company", "/contacts", "/delivery", "/privacy-policy"]) {
      expect(urls).toContain(new URL(path, "https://shop.example").toString());
    }
    for (const url of urls) expect(url).not.toMatch(/\/(cart|user|search|favorites)(\/|$)/);
  });

  it("lists every category, product, post (under its first tag), tag and project from the CMS with lastmod", async () => {
    const index = locs(await (await fetchWorker("/sitemap.xml")).text());
    for (const name of ["categories", "products", "posts", "projects"]) {
      expect(index).toContain(`https://shop.example/sitemaps/${name}-1.xml`);
    }
    const read = async (file: string) => {
      const xml = await (await fetchWorker(`/sitemaps/${file}`)).text();
      expectWellFormedXml(xml);
      return xml;
    };
    const categories = await read("categories-1.xml");
    expect(locs(categories)).toContain("https://shop.example/catalog/skincare");
    const products = await read("products-1.xml");
    expect(locs(products)).toContain(
      "https://shop.example/catalog/skincare/maison-lumiere-rose-ritual-daily-moisturiser-spf-30",
    );
    expect(locs(products).length).toBeGreaterThan(80);
    expect(products).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
    const posts = locs(await read("posts-1.xml"));
    const summer = posts.filter((url) => url.endsWith("/summer-skincare-routine-uae"));
    // Once per language: the English page and its Arabic twin under /ar.
    expect(summer).toHaveLength(2);
    expect(summer[0]).toMatch(/^https:\/\/shop\.example\/blog\/(skincare|guides)\/summer-skincare-routine-uae$/);
    expect(summer[1]).toBe(summer[0]?.replace("https://shop.example/", "https://shop.example/ar/"));
    expect(posts).toContain("https://shop.example/blog/guides");
    const projects = locs(await read("projects-1.xml"));
    expect(projects).toContain("https://shop.example/projects/fragrance-library");
  });

  it("gives an information page the lastmod of its CMS record", async () => {
    const xml = await (await fetchWorker("/sitemaps/pages-1.xml")).text();
    expect(xml).toMatch(/<loc>https:\/\/shop\.example\/company<\/loc><lastmod>[^<]+<\/lastmod>/);
  });

  it("answers 404 for a page or source that does not exist", async () => {
    expect((await fetchWorker("/sitemaps/pages-99.xml")).status).toBe(404);
    expect((await fetchWorker("/sitemaps/nothing-1.xml")).status).toBe(404);
  });
});

describe("page head", () => {
  it("gives every page a canonical URL without the query, OpenGraph and Twitter tags with an image", async () => {
    const html = await (await fetchWorker("/company?utm_source=mail", { headers: ANON })).text();
    expect(html).toContain('<link rel="canonical" href="https://shop.example/company"/>');
    expect(html).toContain('<meta property="og:url" content="https://shop.example/company"/>');
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta property="og:description" content="[^"]+"\/>/);
    expect(html).toContain('<meta property="og:image" content="https://shop.example/og-image.png"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta name="twitter:image" content="https://shop.example/og-image.png"/>');
    expect(html).not.toContain('name="robots"');
  });

  it("gives different pages different titles", async () => {
    const title = async (path: string) =>
      (await (await fetchWorker(path, { headers: ANON })).text()).match(/<title>([^<]+)<\/title>/)?.[1];
    expect(await title("/company")).not.toBe(await title("/catalog"));
  });

  it.each(["/cart", "/user/password", "/search", "/favorites", "/user/login"])(
    "marks %s noindex in the header and the robots meta tag",
    async (path) => {
      const res = await fetchWorker(path, { headers: ANON });
      expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(await res.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
    },
  );

  it("describes the shop on the home page as an Organization with its social links and a WebSite with a search action", async () => {
    const html = await (await fetchWorker("/", { headers: ANON })).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1] as string),
    );
    const organization = blocks.find((b) => b["@type"] === "Organization");
    const website = blocks.find((b) => b["@type"] === "WebSite");
    expect(organization.name).toBe("Noor Beauty");
    expect(organization.url).toBe("https://shop.example/");
    expect(organization.sameAs).toContain("https://www.instagram.com/noorbeauty.ae");
    // The CMS's logotype is an SVG, which Google does not read: the shop's mark as a PNG (decision 0105).
    expect(organization.logo.url).toBe("https://shop.example/logo.png");
    expect(website.potentialAction["@type"]).toBe("SearchAction");
    expect(website.potentialAction.target.urlTemplate).toBe("https://shop.example/search?q={search_term_string}");
    expect(website.potentialAction["query-input"]).toBe("required name=search_term_string");
  });

  it("gives a page without a breadcrumb no structured data", async () => {
    const html = await (await fetchWorker("/search?q=serum", { headers: ANON })).text();
    expect(html).not.toContain('class="breadcrumbs"');
    expect(html).not.toContain("application/ld+json");
  });

  it("escapes < in JSON-LD so CMS text cannot close the script element", () => {
    const out = serializeJsonLd({ name: "</script><script>alert(1)</script>" });
    expect(out).not.toContain("<");
    expect(JSON.parse(out).name).toBe("</script><script>alert(1)</script>");
  });

  it("loads no tag manager when no container id is configured", async () => {
    const html = await (await fetchWorker("/company", { headers: ANON })).text();
    expect(html).not.toContain('name="gtm-id"');
  });
});
