import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { routePath } from "../../shared/links";
import type {
  BlogPosting,
  ListItem,
  Offer,
  Organization,
  OrganizationRef,
  Product,
  ProductGroup,
  WebSite,
} from "../../worker/frame/head/schema-types";
import { fetchWorker } from "./fetch";
import { jsonLdBlocks, languageProblems, type Node, problemsOf, typedNodes } from "./support/json-ld-checks";

/**
 * Every page type's structured data in both languages, as served (decision 0105): each block parses,
 * each typed node has its type's required properties (tests/worker/support/json-ld-checks.ts), each
 * page URL and `inLanguage` is in the page's language, and a page that shows a breadcrumb describes
 * the same trail as a BreadcrumbList. Then the sharing cards: each og:image is a 1200×630 PNG.
 */

const ORIGIN = "https://shop.example";
const PAGES: { name: string; path: string; types: string[] }[] = [
  { name: "home", path: "/", types: ["Organization", "WebSite"] },
  { name: "catalogue", path: routePath("catalog"), types: ["BreadcrumbList"] },
  { name: "category", path: routePath("catalog-category", { category: "skincare" }), types: ["BreadcrumbList"] },
  {
    name: "product with shades",
    path: routePath("catalog-category-slug", { category: "makeup", slug: "velvet-hue-lips-blush-duo" }),
    types: ["ProductGroup", "BreadcrumbList"],
  },
  {
    name: "product",
    path: routePath("catalog-category-slug", {
      category: "skincare",
      slug: "maison-lumiere-rose-ritual-daily-moisturiser-spf-30",
    }),
    types: ["Product", "BreadcrumbList"],
  },
  { name: "brands", path: routePath("brands"), types: ["BreadcrumbList"] },
  { name: "brand", path: routePath("brands-slug", { slug: "velvet-hue" }), types: ["Brand", "BreadcrumbList"] },
  { name: "blog", path: routePath("blog"), types: ["BreadcrumbList"] },
  {
    name: "post",
    path: routePath("blog-tag-slug", { tag: "skincare", slug: "summer-skincare-routine-uae" }),
    types: ["BlogPosting", "BreadcrumbList"],
  },
  { name: "projects", path: routePath("projects"), types: ["BreadcrumbList"] },
  {
    name: "project",
    path: routePath("projects-slug", { slug: "skin-analysis-bar-dubai-hills" }),
    types: ["BreadcrumbList"],
  },
  { name: "information page", path: routePath("company"), types: ["BreadcrumbList"] },
  { name: "delivery", path: routePath("delivery"), types: ["BreadcrumbList"] },
  { name: "contacts", path: routePath("contacts"), types: ["BreadcrumbList"] },
  { name: "reviews", path: routePath("reviews"), types: ["BreadcrumbList"] },
];

const LOCALES = ["en", "ar"] as const;

async function page(path: string, locale: (typeof LOCALES)[number]): Promise<string> {
  const url = locale === "ar" ? (path === "/" ? "/ar" : `/ar${path}`) : path;
  const res = await fetchWorker(url, { headers: { Cookie: `${LOCALE_COOKIE}=${locale}` } });
  expect(res.status, url).toBe(200);
  return res.text();
}

/** The breadcrumb a shopper sees: each crumb's text, in order. */
function shownCrumbs(html: string): string[] | null {
  const nav = html.match(/<nav aria-label="[^"]*" class="breadcrumbs"><ol>(.*?)<\/ol><\/nav>/)?.[1];
  if (nav === undefined) return null;
  return [...nav.matchAll(/<li>(?:<a [^>]*>|<span [^>]*>)([^<]*)</g)].map((m) => decode(m[1] as string));
}

function decode(text: string): string {
  return text
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

describe.each(LOCALES)("structured data in %s", (locale) => {
  it.each(PAGES)(
    "$name: every block parses, has its type's required properties and speaks the page's language",
    async ({ path, types }) => {
      const html = await page(path, locale);
      const blocks = jsonLdBlocks(html);
      expect(blocks.map((b) => b["@type"]).sort()).toEqual([...types].sort());
      for (const block of blocks) expect(block["@context"]).toBe("https://schema.org");
      expect(typedNodes(blocks).flatMap(problemsOf)).toEqual([]);
      expect(languageProblems(blocks, ORIGIN, locale)).toEqual([]);
      const crumbs = shownCrumbs(html);
      const list = blocks.find((b) => b["@type"] === "BreadcrumbList");
      if (crumbs) {
        const items = (list?.itemListElement ?? []) as Node[];
        expect(items.map((i) => i.name)).toEqual(crumbs);
        expect(items.at(-1)?.item).toBe(`${ORIGIN}${locale === "ar" ? "/ar" : ""}${path === "/" ? "" : path}`);
      } else expect(list).toBeUndefined();
    },
  );
});

describe("what the structured data says", () => {
  it("gives a post a publisher with a raster logo, its dates and its language, and the Arabic one the Arabic name", async () => {
    const path = routePath("blog-tag-slug", { tag: "skincare", slug: "summer-skincare-routine-uae" });
    const [en, ar] = await Promise.all(LOCALES.map(async (l) => jsonLdBlocks(await page(path, l))));
    const post = (blocks: Node[]) => blocks.find((b) => b["@type"] === "BlogPosting") as unknown as BlogPosting;
    expect(post(en!).publisher.name).toBe("Noor Beauty");
    expect(post(ar!).publisher.name).toBe("نور بيوتي");
    expect(post(en!).publisher.logo.url).toBe(`${ORIGIN}/logo.png`);
    expect(post(ar!).mainEntityOfPage["@id"]).toBe(`${ORIGIN}/ar${path}`);
    expect(post(en!).inLanguage).toBe("en");
    expect(Date.parse(post(en!).dateModified)).toBeGreaterThanOrEqual(Date.parse(post(en!).datePublished));
    expect(post(en!).image).toContain(`${ORIGIN}/social/uploads/blog/summer-skincare-routine-uae.png`);
  });

  it("describes the shop with a PNG logo, its postal address and a customer-service contact in English and Arabic, and the Arabic site in Arabic", async () => {
    const [en, ar] = await Promise.all(LOCALES.map(async (l) => jsonLdBlocks(await page("/", l))));
    const org = en!.find((b) => b["@type"] === "Organization") as unknown as Organization;
    expect(org.logo).toEqual({ "@type": "ImageObject", url: `${ORIGIN}/logo.png`, width: 512, height: 512 });
    // The contacts' address (worker/cms/seed/layout.json, its words in worker/cms/seed/ar.json), decision 0134.
    expect(org.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Dubai Hills Mall, Ground Floor",
      addressLocality: "Dubai",
      addressRegion: "Dubai",
      addressCountry: "AE",
    });
    expect((ar!.find((b) => b["@type"] === "Organization") as unknown as Organization).address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "دبي هيلز مول، الطابق الأرضي",
      addressLocality: "دبي",
      addressRegion: "دبي",
      addressCountry: "AE",
    });
    expect(org.contactPoint?.[0]).toMatchObject({
      telephone: "+971 4 330 2188",
      contactType: "customer service",
      availableLanguage: ["en", "ar"],
    });
    const site = ar!.find((b) => b["@type"] === "WebSite") as unknown as WebSite;
    expect(site.inLanguage).toBe("ar");
    expect(site.url).toBe(`${ORIGIN}/ar`);
    expect(site.potentialAction.target.urlTemplate).toBe(`${ORIGIN}/ar/search?q={search_term_string}`);
    expect(ar!.find((b) => b["@type"] === "Organization")?.name).toBe("نور بيوتي");
  });

  it("shows on /contacts, in the page's language, the address the Organization describes", async () => {
    const [en, ar] = await Promise.all(LOCALES.map((l) => page(routePath("contacts"), l)));
    expect(en).toContain(
      '<h3>Our address</h3><address class="contact-address"><span>Dubai Hills Mall, Ground Floor</span><span>Dubai</span></address>',
    );
    expect(ar).toContain(
      '<h3>عنواننا</h3><address class="contact-address"><span>دبي هيلز مول، الطابق الأرضي</span><span>دبي</span></address>',
    );
  });

  it("names a product's brand and offers by their Arabic pages on an Arabic product page", async () => {
    const path = PAGES.find((p) => p.name === "product with shades")!.path;
    const group = jsonLdBlocks(await page(path, "ar")).find(
      (b) => b["@type"] === "ProductGroup",
    ) as unknown as ProductGroup;
    expect(group.url).toBe(`${ORIGIN}/ar${path}`);
    expect(group.brand?.url).toBe(`${ORIGIN}/ar${routePath("brands-slug", { slug: "velvet-hue" })}`);
    for (const variant of group.hasVariant)
      expect(variant.offers.url).toMatch(new RegExp(`^${ORIGIN}/ar${path}\\?variant=`));
  });
});

describe("the schema types", () => {
  it("refuse a node without a property its type requires (checked by tsc -b, which npm test runs)", () => {
    const offer: Offer = {
      "@type": "Offer",
      url: `${ORIGIN}/catalog`,
      price: "10.00",
      priceCurrency: "AED",
      availability: "https://schema.org/InStock",
    };
    // @ts-expect-error a Product needs its offer
    const product: Product = { "@context": "https://schema.org", "@type": "Product", name: "Serum" };
    // @ts-expect-error an Offer needs its availability
    const noAvailability: Offer = { "@type": "Offer", url: offer.url, price: "1.00", priceCurrency: "AED" };
    const publisher: OrganizationRef = {
      "@type": "Organization",
      name: "Noor Beauty",
      url: `${ORIGIN}/`,
      // @ts-expect-error a logo is an ImageObject (raster, with its URL), not a bare string
      logo: `${ORIGIN}/media/brand/logotype.svg`,
    };
    // @ts-expect-error a BlogPosting needs dateModified and inLanguage
    const post: BlogPosting = {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: "A post",
      image: [`${ORIGIN}/og-image.png`],
      datePublished: "2026-01-01",
      author: publisher,
      publisher,
      mainEntityOfPage: { "@type": "WebPage", "@id": `${ORIGIN}/blog` },
    };
    // @ts-expect-error a crumb's item is an absolute URL, not a path
    const crumb: ListItem = { "@type": "ListItem", position: 1, name: "Home", item: "/" };
    // What the compiler refused still reaches the suite's check, which refuses it too.
    expect(problemsOf(product as unknown as Node)).toContain("Product without offers, review or aggregateRating");
    expect(problemsOf(noAvailability as unknown as Node)).toContain("Offer without availability");
    expect(problemsOf(post as unknown as Node)).toContain("BlogPosting without dateModified");
    expect(problemsOf(publisher as unknown as Node)[0]).toMatch(/no raster/);
    expect(problemsOf(crumb as unknown as Node)).toContain("ListItem.item is not a URL");
    expect(problemsOf(offer as unknown as Node)).toEqual([]);
  });
});

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.slice(0, 8)]).toEqual(signature);
  expect(new TextDecoder().decode(bytes.slice(12, 16))).toBe("IHDR");
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const meta = (html: string, property: string) =>
  html.match(new RegExp(`<meta property="${property}" content="([^"]*)"/>`))?.[1];

describe("sharing cards", () => {
  it.each(["home", "product with shades", "product", "post", "project", "brand"])(
    "%s: og:image is a 1200×630 PNG the shop serves, with its size and type, and a large Twitter card",
    async (name) => {
      const { path } = PAGES.find((p) => p.name === name)!;
      for (const locale of LOCALES) {
        const html = await page(path, locale);
        const image = meta(html, "og:image");
        expect(image, `${name} in ${locale}`).toMatch(/^https:\/\/shop\.example\/[^"]+\.png$/);
        expect(meta(html, "og:image:width")).toBe("1200");
        expect(meta(html, "og:image:height")).toBe("630");
        expect(meta(html, "og:image:type")).toBe("image/png");
        expect(html).toContain(`<meta name="twitter:image" content="${image}"/>`);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
        // From the build's files, as the edge serves them before the worker runs (wrangler.toml [assets]).
        const res = await env.ASSETS.fetch(image!);
        expect(res.status, image).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/png");
        expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
      }
    },
  );

  it("gives a product the card of its own picture, not the shop's default", async () => {
    const html = await page(PAGES.find((p) => p.name === "product")!.path, "en");
    expect(meta(html, "og:image")).toBe(
      `${ORIGIN}/social/uploads/products/maison-lumiere-rose-ritual-daily-moisturiser-spf-30-1.png`,
    );
  });

  it("serves the Organization's logo as a PNG", async () => {
    const res = await env.ASSETS.fetch(`${ORIGIN}/logo.png`);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(pngSize(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 512, height: 512 });
  });
});
