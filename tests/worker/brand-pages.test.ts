import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";
import { freshView, keptPage } from "./support/page-shells";

const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

interface SeededBrand {
  id: number;
  slug: string;
  name: string;
  colour: string | null;
  logoId: number | null;
  logo: string | null;
  count: number;
}

interface SeededProduct {
  slug: string;
  price: number;
  line: string | null;
}

async function seededBrands(): Promise<SeededBrand[]> {
  const { results } = await env.DB.prepare(
    `SELECT b.id, b.slug, b.name, b.colour, b.logo_id AS logoId, m.url AS logo,
       (SELECT COUNT(*) FROM cms_products p WHERE p.brand_id = b.id) AS count
     FROM cms_brands b LEFT JOIN cms_media m ON m.id = b.logo_id WHERE b.locale = 'en' ORDER BY b.name`,
  ).all<SeededBrand>();
  return results;
}

async function productsOf(brandSlug: string): Promise<SeededProduct[]> {
  const { results } = await env.DB.prepare(
    `SELECT p.slug, p.price, l.slug AS line FROM cms_products p
     JOIN cms_brands b ON b.id = p.brand_id LEFT JOIN cms_product_lines l ON l.id = p.line_id
     WHERE b.slug = ?1`,
  )
    .bind(brandSlug)
    .all<SeededProduct>();
  return results;
}

/** React's escaping of text, for names such as "Gentleman's Grove". */
function escaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;");
}

/** The product slugs of the page's cards, in order. */
function cardSlugs(html: string): string[] {
  return [...html.matchAll(/<a href="\/catalog\/[a-z0-9-]+\/([a-z0-9-]+)">/g)].map((m) => m[1] as string);
}

/** The brand's card on /brands. */
function brandCard(html: string, slug: string): string {
  return html.match(new RegExp(`<a class="brand-card" href="/brands/${slug}">[\\s\\S]*?</a>`))?.[0] ?? "";
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1] as string) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

/** The page as it is once any change has been rendered (a kept page's stale copy is not it: decision 0084). */
async function html(path: string): Promise<string> {
  const res = await freshView(() => fetchWorker(path, { headers: ANON }));
  expect(res.status).toBe(200);
  return res.text();
}

const webhook = (model: string, id: number) =>
  fetchWorker("/api/cms/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
    body: JSON.stringify({ event: "entry.update", model, entry: { id, locale: "en" } }),
  });

describe("/brands", () => {
  it("lists every seeded brand with its logo on its colour, its product count and a link to its page", async () => {
    const brands = await seededBrands();
    expect(brands.length).toBeGreaterThanOrEqual(9);
    const page = await html("/brands");
    for (const brand of brands) {
      const card = brandCard(page, brand.slug);
      expect(card, brand.slug).toContain(escaped(brand.name));
      expect(card).toContain(`${brand.count} ${brand.count === 1 ? "product" : "products"}`);
      expect(card).toContain(`border-color:${brand.colour}`);
      expect(card).toContain(`<img src="${brand.logo}"`);
    }
    expect(page).toContain('<span aria-current="page">Brands</span>');
  });

  it("shows a brand without a logo as its initial on its colour, and never styles with a colour that is not #rgb or #rrggbb", async () => {
    const [first, second] = await seededBrands();
    await env.DB.batch([
      env.DB.prepare("UPDATE cms_brands SET logo_id = NULL WHERE id = ?1").bind(first!.id),
      env.DB.prepare("UPDATE cms_brands SET logo_id = NULL, colour = ?2 WHERE id = ?1").bind(
        second!.id,
        "red;background:url(https://evil.example/x)",
      ),
    ]);
    try {
      expect((await webhook("brand", first!.id)).status).toBe(200);
      expect((await webhook("brand", second!.id)).status).toBe(200);
      const page = await html("/brands");
      const plain = brandCard(page, first!.slug);
      expect(plain).not.toContain("<img");
      expect(plain).toContain(`style="background-color:${first!.colour};color:`);
      expect(plain).toMatch(new RegExp(`aria-hidden="true">${first!.name[0]}</span>`));
      // A colour that is not one falls back to the shop's rose, with white ink that passes AA on it.
      const unsafe = brandCard(page, second!.slug);
      expect(unsafe).toContain('style="background-color:#9A5663;color:#FFFFFF"');
      expect(page).not.toContain("evil.example");
      const own = await html(`/brands/${second!.slug}`);
      expect(own).not.toContain("evil.example");
      expect(jsonLd(own).find((d) => d["@type"] === "Brand")).not.toHaveProperty("logo");
    } finally {
      await env.DB.batch([
        env.DB.prepare("UPDATE cms_brands SET logo_id = ?2 WHERE id = ?1").bind(first!.id, first!.logoId),
        env.DB.prepare("UPDATE cms_brands SET logo_id = ?2, colour = ?3 WHERE id = ?1").bind(
          second!.id,
          second!.logoId,
          second!.colour,
        ),
      ]);
      await webhook("brand", first!.id);
      await webhook("brand", second!.id);
    }
  });
});

describe("a brand's page", () => {
  it("shows the brand's description, lines and products, twelve to a page, with a pager", async () => {
    const products = await productsOf("velvet-hue");
    expect(products.length).toBeGreaterThan(12);
    const page = await html("/brands/velvet-hue");
    expect(page).toContain("<h1>Velvet Hue</h1>");
    const description = await env.DB.prepare("SELECT description FROM cms_brands WHERE slug = 'velvet-hue'").first<{
      description: string;
    }>();
    expect(page).toContain(escaped(description!.description));
    expect(page).toContain(`${products.length} products`);
    const own = new Set(products.map((p) => p.slug));
    const first = cardSlugs(page);
    expect(first).toHaveLength(12);
    for (const slug of first) expect(own.has(slug), slug).toBe(true);
    // Its lines link to the page filtered by each.
    const lines = [...new Set(products.map((p) => p.line).filter((l): l is string => l !== null))];
    for (const line of lines) expect(page).toContain(`href="/brands/velvet-hue?model=${line}"`);
    expect(page).toContain('href="/brands/velvet-hue?page=2"');
    const second = cardSlugs(await html("/brands/velvet-hue?page=2"));
    expect(second).toHaveLength(products.length - 12);
    expect(new Set([...first, ...second])).toEqual(own);
  });

  it("filters by line, ignores a maker asked for in the URL, and offers the brand's lines, not makers", async () => {
    const products = await productsOf("velvet-hue");
    const line = products[0]!.line!;
    const inLine = products.filter((p) => p.line === line).map((p) => p.slug);
    const page = await html(`/brands/velvet-hue?model=${line}&maker=maison-lumiere`);
    expect(cardSlugs(page).sort()).toEqual(inLine.sort());
    expect(page).toContain(`${inLine.length} ${inLine.length === 1 ? "product" : "products"}`);
    expect(page).toContain('action="/brands/velvet-hue"');
    expect(page).toContain("<legend>Product line</legend>");
    expect(page).not.toContain("<legend>Maker</legend>");
    expect(page).toContain(`name="model" checked="" value="${line}"`);
  });

  it("filters by price and sorts like a category", async () => {
    const products = await productsOf("maison-lumiere");
    const prices = products.map((p) => p.price).sort((a, b) => a - b);
    const max = prices[Math.floor(prices.length / 2)]!;
    const cheap = products.filter((p) => p.price <= max).map((p) => p.slug);
    const filtered = await html(`/brands/maison-lumiere?cost[max]=${max}`);
    expect(cheap.length).toBeLessThan(products.length);
    expect(cheap.length).toBeLessThanOrEqual(12);
    expect(cardSlugs(filtered).sort()).toEqual(cheap.sort());
    expect(filtered).toContain(`${cheap.length} products`);

    const byPrice = new Map(products.map((p) => [p.slug, p.price]));
    const ascending = cardSlugs(await html("/brands/maison-lumiere?sort=price-asc")).map((s) => byPrice.get(s)!);
    expect(ascending[0]).toBe(prices[0]);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = cardSlugs(await html("/brands/maison-lumiere?sort=price-desc")).map((s) => byPrice.get(s)!);
    expect(descending[0]).toBe(prices[prices.length - 1]);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it("has breadcrumbs and Brand and BreadcrumbList JSON-LD", async () => {
    const page = await html("/brands/desert-bloom");
    expect(page).toMatch(
      /<nav aria-label="Breadcrumb" class="breadcrumbs"><ol><li><a href="\/">Home<\/a><\/li><li><a href="\/brands">Brands<\/a><\/li><li><span aria-current="page">Desert Bloom<\/span>/,
    );
    const data = jsonLd(page);
    expect(data).toContainEqual({
      "@context": "https://schema.org",
      "@type": "Brand",
      name: "Desert Bloom",
      url: "https://shop.example/brands/desert-bloom",
      logo: "https://shop.example/uploads/brands/desert-bloom.svg",
      description: "Emirati-born brand using date seed, camel milk and desert botanicals.",
    });
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: { item: string }[] };
    expect(crumbs.itemListElement.map((i) => i.item)).toEqual([
      "https://shop.example/",
      "https://shop.example/brands",
      "https://shop.example/brands/desert-bloom",
    ]);
  });

  it("is kept: a second view comes from the page shell with the same products", async () => {
    // A price ceiling of its own, above every price: a page no other test has kept.
    const path = `/brands/argan-house?cost%5Bmax%5D=${900_000 + Math.floor(Math.random() * 99_999)}`;
    const first = await fetchWorker(path, { headers: ANON });
    expect(first.status).toBe(200);
    const rendered = cardSlugs(await first.text());
    const kept = await keptPage(path, ANON);
    expect(kept.headers.get("etag")).toBeTruthy();
    expect(cardSlugs(await kept.text())).toEqual(rendered);
    expect(rendered.length).toBeGreaterThan(0);
  });

  it("answers the shop's 404 for an unknown brand, and follows the shop's rules for case and trailing slashes", async () => {
    const unknown = await fetchWorker("/brands/no-such-brand", { headers: ANON });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("status-screen");
    // Like /catalog/Skincare: slugs are lower case, another case is not the page.
    expect((await fetchWorker("/brands/Velvet-Hue")).status).toBe(404);
    expect((await fetchWorker("/catalog/Skincare")).status).toBe(404);
    const slash = await fetchWorker("/brands/velvet-hue/?page=2");
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/brands/velvet-hue?page=2");
    const list = await fetchWorker("/brands/");
    expect(list.status).toBe(301);
    expect(list.headers.get("location")).toBe("/brands");
  });
});

describe("links to brand pages", () => {
  it("the main menu's Brands item leads to /brands and the home page's brands to their pages", async () => {
    const home = await html("/");
    expect(home).toMatch(/<a[^>]*href="\/brands"[^>]*>(<[^>]+>)*Brands</);
    const strip = home.match(/<ul class="brand-list">[\s\S]*?<\/ul>/)?.[0] ?? "";
    for (const brand of await seededBrands()) expect(strip).toContain(`href="/brands/${brand.slug}"`);
    expect(home).toContain('<a href="/brands">All brands</a>');
  });

  it("the sitemap lists /brands and every brand's page", async () => {
    const index = await (await fetchWorker("/sitemap.xml")).text();
    expect(index).toContain("https://shop.example/sitemaps/brands-1.xml");
    const brands = await (await fetchWorker("/sitemaps/brands-1.xml")).text();
    for (const brand of await seededBrands()) {
      expect(brands).toContain(`<loc>https://shop.example/brands/${brand.slug}</loc>`);
    }
    const pages = await (await fetchWorker("/sitemaps/pages-1.xml")).text();
    expect(pages).toContain("<loc>https://shop.example/brands</loc>");
  });
});
