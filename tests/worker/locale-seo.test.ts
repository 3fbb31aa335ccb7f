import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";
import { productSlugs } from "./support/shop-fixtures";

const ORIGIN = "https://shop.example";

function headLinks(html: string): { canonical: string | undefined; alternates: Record<string, string> } {
  const head = html.slice(0, html.indexOf("</head>"));
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1];
  const alternates = Object.fromEntries(
    [...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
  );
  return { canonical, alternates };
}

/** A seeded product's page, /catalog/{category}/{slug}. */
async function productPath(): Promise<string> {
  const [slug] = await productSlugs("in_stock", 1);
  const row = await env.DB.prepare(
    "SELECT c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id WHERE p.slug = ?1",
  )
    .bind(slug)
    .first<{ category: string }>();
  return `/catalog/${row?.category}/${slug}`;
}

async function page(path: string): Promise<string> {
  const res = await fetchWorker(path, {
    headers: { Cookie: `${LOCALE_COOKIE}=${path.startsWith("/ar") ? "ar" : "en"}` },
  });
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("each page's canonical and hreflang alternates", () => {
  it("names its own language's URL as canonical and both languages and x-default as alternates", async () => {
    const paths = ["/", "/catalog", "/company", "/blog", "/brands", await productPath()];
    for (const path of paths) {
      const arabicPath = path === "/" ? "/ar" : `/ar${path}`;
      const english = headLinks(await page(path));
      const arabic = headLinks(await page(arabicPath));
      expect(english.canonical, path).toBe(new URL(path, ORIGIN).toString());
      expect(arabic.canonical, arabicPath).toBe(new URL(arabicPath, ORIGIN).toString());
      const alternates = {
        en: new URL(path, ORIGIN).toString(),
        ar: new URL(arabicPath, ORIGIN).toString(),
        "x-default": new URL(path, ORIGIN).toString(),
      };
      expect(english.alternates, path).toEqual(alternates);
      expect(arabic.alternates, arabicPath).toEqual(alternates);
    }
  }, 60_000);

  it("keeps a product's canonical and alternates on the product whatever else the URL carries", async () => {
    const product = await productPath();
    const arabic = headLinks(await page(`/ar${product}?utm_source=x`));
    expect(arabic.canonical).toBe(`${ORIGIN}/ar${product}`);
    expect(arabic.alternates.en).toBe(`${ORIGIN}${product}`);
  });

  it("says the page's locale to OpenGraph", async () => {
    expect(await page("/ar/company")).toContain('<meta property="og:locale" content="ar_AE"/>');
    expect(await page("/company")).toContain('<meta property="og:locale" content="en_AE"/>');
  });

  it("gives a 404 no alternates", async () => {
    const res = await fetchWorker("/ar/no-such-page", { headers: { Cookie: `${LOCALE_COOKIE}=ar` } });
    expect(res.status).toBe(404);
    expect(headLinks(await res.text()).alternates).toEqual({});
  });
});

describe("the sitemap in both languages", () => {
  it("lists every page in English and in Arabic, each with the alternates of both and x-default", async () => {
    const res = await fetchWorker("/sitemaps/pages-1.xml");
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] as string);
    const byLoc = new Map(urls.map((url) => [/<loc>([^<]+)<\/loc>/.exec(url)?.[1], url]));
    for (const [path, arabicPath] of [
      ["/", "/ar"],
      ["/catalog", "/ar/catalog"],
      ["/company", "/ar/company"],
    ] as const) {
      const alternates = [
        `<xhtml:link rel="alternate" hreflang="en" href="${ORIGIN}${path}"/>`,
        `<xhtml:link rel="alternate" hreflang="ar" href="${ORIGIN}${arabicPath}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}${path}"/>`,
      ];
      for (const loc of [`${ORIGIN}${path}`, `${ORIGIN}${arabicPath}`]) {
        const url = byLoc.get(loc);
        expect(url, loc).toBeDefined();
        for (const alternate of alternates) expect(url, loc).toContain(alternate);
      }
    }
    expect(urls.length).toBe(byLoc.size);
    expect(urls.filter((url) => url.includes(`<loc>${ORIGIN}/ar`)).length * 2).toBe(urls.length);
  });

  it("lists products in both languages too", async () => {
    const xml = await (await fetchWorker("/sitemaps/products-1.xml")).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs.filter((l) => !l.startsWith(`${ORIGIN}/ar/`))) {
      expect(locs).toContain(loc.replace(ORIGIN, `${ORIGIN}/ar`));
    }
  });
});

describe("robots.txt", () => {
  it("keeps the Arabic personal pages and search out too", async () => {
    const body = await (await fetchWorker("/robots.txt")).text();
    for (const path of ["/ar/cart", "/ar/user", "/ar/search", "/ar/favorites", "/cart", "/staff"]) {
      expect(body).toContain(`Disallow: ${path}\n`);
    }
    expect(body).not.toContain("Disallow: /ar/staff");
  });
});
