import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cmsFilters, readCatalogFilter } from "../../shared/catalog-filter";
import type { QuickViewProduct } from "../../shared/quick-view";
import { bumpStockVersion } from "../../worker/platform/caches/versions";
import { fetchWorker } from "./fetch";
import { freshView } from "./support/page-shells";

const LIPSTICK = "velvet-hue-tools-matte-liquid-lipstick";
const SHADES = ["ROSEWOOD", "NUDESILK", "DESERTROSE", "MOCHA", "BERRYNOIR", "CORALREEF", "RUBY", "MAUVE"].map(
  (s) => `VEL-TOO-0046-${s}`,
);
/** Pre-order in the CMS, its shades counted (12, 0, 9, 6, 4 in the seed). */
const BLUSH = "velvet-hue-eyes-blush-duo";
const TOOLS = "/catalog/makeup?maker=velvet-hue&model=tools";

async function setStock(slug: string, rows: Record<string, number>): Promise<void> {
  await env.DB.batch(
    Object.entries(rows).map(([sku, onHand]) =>
      env.DB.prepare(
        `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3)
         ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand`,
      ).bind(sku, slug, onHand),
    ),
  );
  await bumpStockVersion(env.CMS_CACHE);
}

const allShades = (onHand: number) => Object.fromEntries(SHADES.map((sku) => [sku, onHand]));

/** The page as it is once any stock change has been rendered (a kept page's stale copy is not it: decision 0084). */
async function html(path: string): Promise<string> {
  const res = await freshView(() => fetchWorker(path));
  expect(res.status, path).toBe(200);
  return res.text();
}

/** One product's card, from its article tag to the next. */
function card(page: string, slug: string): string {
  const start = page.indexOf(`<a class="product-card__image" href="/catalog/makeup/${slug}"`);
  if (start < 0) return "";
  const end = page.indexOf("</article>", start);
  return page.slice(start, end);
}

describe("cards count shades and sizes and follow stock", () => {
  it("says how many shades, with up to five decorative swatch dots", async () => {
    await setStock(LIPSTICK, allShades(10));
    const lipstick = card(await html(TOOLS), LIPSTICK);
    expect(lipstick).toContain("8 shades");
    expect(lipstick).toMatch(/<span class="variant-summary__dots" aria-hidden="true">/);
    expect(lipstick.match(/class="variant-summary__dot"/g)).toHaveLength(5);
    // A shade is chosen on the product page, never added unseen from a card.
    expect(lipstick).toMatch(/>Choose shade<span class="visually-hidden">: <!-- -->Tools Matte Liquid Lipstick/);
    const fragrance = await html("/catalog/fragrance?maker=oud-and-amber&model=royal-oud");
    expect(fragrance).toContain("3 sizes");
  });

  it("stays in stock while one shade is left, and is sold out when every shade is at 0", async () => {
    await setStock(LIPSTICK, { ...allShades(0), "VEL-TOO-0046-RUBY": 2 });
    expect(card(await html(TOOLS), LIPSTICK)).toMatch(/availability--in">In stock</);
    await setStock(LIPSTICK, allShades(0));
    try {
      expect(card(await html(TOOLS), LIPSTICK)).toMatch(/availability--out">Out of stock</);
    } finally {
      await setStock(LIPSTICK, allShades(10));
    }
  });

  it("shows a pre-order product with shades on hand as in stock", async () => {
    const page = await html("/catalog/makeup?maker=velvet-hue&model=eyes");
    expect(card(page, BLUSH)).toMatch(/availability--in">In stock</);
  });
});

describe("the availability facet agrees with the cards", () => {
  it("asks the CMS in Strapi v4 filter syntax: the CMS's word except for the products stock judged", () => {
    const judged = new Map([
      ["sold-out-lipstick", "out_of_stock" as const],
      ["blush-back-in-stock", "in_stock" as const],
    ]);
    const { and } = cmsFilters(
      { kind: "category", slug: "makeup" },
      readCatalogFilter({ availability: "in_stock" }),
      judged,
    ) as {
      and: unknown[];
    };
    expect(and[1]).toEqual({
      or: [
        {
          and: [
            { or: [{ availability: { in: ["in_stock"] } }] },
            { slug: { notIn: ["sold-out-lipstick", "blush-back-in-stock"] } },
          ],
        },
        { slug: { in: ["blush-back-in-stock"] } },
      ],
    });
    // Nothing judged: today's filter, unchanged.
    expect(
      cmsFilters({ kind: "category", slug: "makeup" }, readCatalogFilter({ availability: "out_of_stock" })),
    ).toEqual({
      and: [
        { category: { slug: { eq: "makeup" } } },
        { or: [{ availability: { in: ["out_of_stock", "none"] } }, { availability: { null: true } }] },
      ],
    });
  });

  it("leaves out of 'In stock', and puts under 'Out of stock', a product whose every shade is at 0", async () => {
    await setStock(LIPSTICK, allShades(0));
    try {
      const inStock = await html(`${TOOLS}&availability=in_stock`);
      expect(card(inStock, LIPSTICK)).toBe("");
      expect(inStock).toContain("velvet-hue-tools-volume-mascara");
      const out = await html(`${TOOLS}&availability=out_of_stock`);
      expect(card(out, LIPSTICK)).toMatch(/Out of stock/);
      // Every card under "Out of stock" says so.
      expect(out).not.toMatch(/availability--(in|low|pre)"/);
    } finally {
      await setStock(LIPSTICK, allShades(10));
    }
    const back = await html(`${TOOLS}&availability=in_stock`);
    expect(card(back, LIPSTICK)).toMatch(/In stock/);
    expect(card(await html(`${TOOLS}&availability=out_of_stock`), LIPSTICK)).toBe("");
  });

  it("lists a pre-order product with stock on hand under 'In stock', not 'Pre purchase'", async () => {
    const eyes = "/catalog/makeup?maker=velvet-hue&model=eyes";
    expect(card(await html(`${eyes}&availability=in_stock`), BLUSH)).not.toBe("");
    expect(card(await html(`${eyes}&availability=prepurchase`), BLUSH)).toBe("");
    // Every shade gone: it is sold ahead again, and the facet follows.
    const shades = ["PETAL", "APRICOT", "ROSEGOLD", "PLUM", "TERRACOTTA"].map((s) => `VEL-EYE-0040-${s}`);
    await setStock(BLUSH, Object.fromEntries(shades.map((sku) => [sku, 0])));
    try {
      const pre = await html(`${eyes}&availability=prepurchase`);
      expect(card(pre, BLUSH)).toMatch(/Pre purchase/);
      expect(card(await html(`${eyes}&availability=in_stock`), BLUSH)).toBe("");
    } finally {
      await setStock(BLUSH, Object.fromEntries(shades.map((sku, i) => [sku, [12, 0, 9, 6, 4][i]])));
    }
  });
});

describe("quick view of a product with shades", () => {
  it("shows the count and the default shade's price and availability, and adds that shade", async () => {
    await setStock(LIPSTICK, { ...allShades(10), "VEL-TOO-0046-ROSEWOOD": 0, "VEL-TOO-0046-NUDESILK": 3 });
    try {
      const body = (await (await fetchWorker(`/catalog-api/quick-view/${LIPSTICK}`)).json()) as QuickViewProduct;
      expect(body).toMatchObject({
        variantCount: "8 shades",
        // Rosewood is sold out: the page (and quick view) open on the first shade one can buy.
        variant: { sku: "VEL-TOO-0046-NUDESILK", name: "Nude Silk", kind: "shade" },
        price: 79,
        availability: "in_stock",
        left: 3,
        path: `/catalog/makeup/${LIPSTICK}?variant=VEL-TOO-0046-NUDESILK`,
      });
      expect(body.images[0].url).toMatch(/nudesilk\.svg$/);
    } finally {
      await setStock(LIPSTICK, allShades(10));
    }
  });
});
