import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bumpStockVersion } from "../../worker/platform/caches/versions";
import { fetchWorker } from "./fetch";
import { freshView, keptPage } from "./support/page-shells";

/** The seed's lipstick with eight shades (Rosewood first) and a fragrance in three sizes. */
const LIPSTICK = "/catalog/makeup/velvet-hue-tools-matte-liquid-lipstick";
const PERFUME = "/catalog/fragrance/oud-and-amber-royal-oud-eau-de-parfum";

/** Stock as a test needs it, and a new stock version so no page kept before shows the old counts. */
async function setStock(rows: Record<string, number>, slug: string): Promise<void> {
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

/** The page as it is once any stock change has been rendered (a kept page's stale copy is not it: decision 0084). */
async function page(path: string): Promise<string> {
  const res = await freshView(() => fetchWorker(path));
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The island's props as the server wrote them (React escapes the attribute). */
function hiddenVariant(html: string): string | undefined {
  return html.match(/<input type="hidden" name="variant" value="([^"]+)"/)?.[1];
}

/** The product's own price, picker and add-to-bag form (not the similar goods' cards). */
function buyBox(html: string): string {
  const start = html.indexOf('<div class="variant-buy">');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</form>", start));
}

interface ProductGroupLd {
  productGroupID: string;
  variesBy: string[];
  url: string;
  hasVariant: { sku: string; size?: string; color?: string }[];
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

describe("the product page's shades and sizes", () => {
  it("lists every shade as a link to ?variant=, names the chosen one and marks it", async () => {
    await setStock({ "VEL-TOO-0046-ROSEWOOD": 24, "VEL-TOO-0046-MOCHA": 30 }, "velvet-hue-tools-matte-liquid-lipstick");
    const html = await page(LIPSTICK);
    const links = [
      ...html.matchAll(/href="(\/catalog\/makeup\/velvet-hue-tools-matte-liquid-lipstick\?variant=[A-Z0-9-]+)"/g),
    ];
    expect(new Set(links.map((m) => m[1])).size).toBe(8);
    expect(html).toMatch(/Shade: <strong><bdi class="variant-name"[^>]*>Rosewood<\/bdi><\/strong>/);
    // The name is text for screen readers, never the colour alone; the chosen one is aria-current.
    expect(html).toMatch(
      /<a href="[^"]*\?variant=VEL-TOO-0046-ROSEWOOD" class="variant-option variant-option--swatch" aria-current="true" title="Rosewood"><span class="variant-option__chip" style="background-color:#9E5B5B" aria-hidden="true"><\/span><span class="visually-hidden">Rosewood<\/span>/,
    );
    expect(hiddenVariant(html)).toBe("VEL-TOO-0046-ROSEWOOD");
    // The code reads left to right in its own <bdi> (product-facts.tsx): the words, without the tags.
    expect(html.replace(/<[^>]+>/g, "")).toContain("SKU VEL-TOO-0046-ROSEWOOD");
  });

  it("names each shade in Arabic on the Arabic page, the SKU and colour the same", async () => {
    const html = await page(`/ar${LIPSTICK}?variant=VEL-TOO-0046-MOCHA`);
    expect(html).toMatch(/<strong><bdi class="variant-name"[^>]*>موكا<\/bdi><\/strong>/);
    expect(html).toMatch(/aria-current="true" title="موكا"/);
    expect(html).toContain('title="خشب الورد"');
    expect(html).not.toContain('title="Rosewood"');
    expect(hiddenVariant(html)).toBe("VEL-TOO-0046-MOCHA");
  });

  it("follows ?variant=: the shade's name, its picture, its SKU in the add-to-bag form", async () => {
    await setStock({ "VEL-TOO-0046-MOCHA": 30 }, "velvet-hue-tools-matte-liquid-lipstick");
    const html = await page(`${LIPSTICK}?variant=VEL-TOO-0046-MOCHA`);
    expect(html).toMatch(/Shade: <strong><bdi class="variant-name"[^>]*>Mocha<\/bdi><\/strong>/);
    expect(hiddenVariant(html)).toBe("VEL-TOO-0046-MOCHA");
    expect(html).toMatch(/aria-current="true" title="Mocha"/);
    expect(html).toMatch(/<img src="[^"]*-vel-too-0046-mocha\.svg" alt="[^"]*Mocha"[^>]*data-variant-image="main"/);
    expect(html).toContain("In stock");
  });

  it("changes price and availability with a size", async () => {
    await setStock({ "OUD-ROY-0020-30ML": 14, "OUD-ROY-0020-100ML": 9 }, "oud-and-amber-royal-oud-eau-de-parfum");
    const small = await page(`${PERFUME}?variant=OUD-ROY-0020-30ML`);
    expect(small).toMatch(/Size: <strong><bdi class="variant-name"[^>]*>30 ml<\/bdi><\/strong>/);
    expect(small).toMatch(/<p class="price"><span class="price__now">AED\s?201\.00<\/span>/);
    const large = await page(`${PERFUME}?variant=OUD-ROY-0020-100ML`);
    expect(large).toMatch(/<p class="price"><span class="price__now">AED\s?479\.00<\/span>/);
    expect(hiddenVariant(large)).toBe("OUD-ROY-0020-100ML");
    // Sizes are text buttons: the size is the visible label.
    expect(large).toMatch(
      /class="variant-option variant-option--text"[^>]*><bdi class="variant-name">50 ml<\/bdi><\/a>/,
    );
  });

  it("shows a shade at 0 on hand as out of stock with no way to add it", async () => {
    await setStock({ "VEL-TOO-0046-BERRYNOIR": 0 }, "velvet-hue-tools-matte-liquid-lipstick");
    const html = await page(`${LIPSTICK}?variant=VEL-TOO-0046-BERRYNOIR`);
    const box = buyBox(html);
    expect(box).toMatch(/<span class="availability availability--out">Out of stock<\/span>/);
    expect(box).toMatch(/<button type="submit" class="button\s+button--block" disabled="">Out of stock/);
    expect(box).not.toContain("Add to bag");
    // In the picker it says so to screen readers too.
    expect(html).toMatch(/<span class="visually-hidden">Berry Noir, out of stock<\/span>/);
  });

  it("says how few are left at five or fewer", async () => {
    await setStock({ "VEL-TOO-0046-DESERTROSE": 3 }, "velvet-hue-tools-matte-liquid-lipstick");
    const html = await page(`${LIPSTICK}?variant=VEL-TOO-0046-DESERTROSE`);
    const box = buyBox(html);
    expect(box).toMatch(/<span class="availability availability--low">Only 3 left<\/span>/);
    expect(box).toMatch(/<button type="submit" class="button\s+button--block">Add to bag/);
  });

  it("shows a sold-out default as the first shade a shopper can buy", async () => {
    await setStock(
      { "VEL-TOO-0046-ROSEWOOD": 0, "VEL-TOO-0046-NUDESILK": 0, "VEL-TOO-0046-DESERTROSE": 2 },
      "velvet-hue-tools-matte-liquid-lipstick",
    );
    try {
      const html = await page(LIPSTICK);
      expect(html).toMatch(/Shade: <strong><bdi class="variant-name"[^>]*>Desert Rose<\/bdi><\/strong>/);
      expect(hiddenVariant(html)).toBe("VEL-TOO-0046-DESERTROSE");
    } finally {
      await setStock(
        { "VEL-TOO-0046-ROSEWOOD": 24, "VEL-TOO-0046-NUDESILK": 18 },
        "velvet-hue-tools-matte-liquid-lipstick",
      );
    }
  });

  it("redirects an unknown variant to the product without any query, 301", async () => {
    for (const query of [
      "?variant=NOPE",
      "?variant=",
      "?variant=VEL-TOO-0046-ROSEWOOD-X&utm_source=x",
      "?variant=OUD-ROY-0020-30ML",
    ]) {
      const res = await fetchWorker(`${LIPSTICK}${query}`);
      expect(res.status, query).toBe(301);
      expect(res.headers.get("location"), query).toBe(LIPSTICK);
    }
    const plain = await fetchWorker("/catalog/skincare/maison-lumiere-rose-ritual-daily-moisturiser-spf-30?variant=X");
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("/catalog/skincare/maison-lumiere-rose-ritual-daily-moisturiser-spf-30");
  });

  it("keeps the product's own URL as the canonical for every variant", async () => {
    const html = await page(`${LIPSTICK}?variant=VEL-TOO-0046-MOCHA`);
    expect(html).toContain(`<link rel="canonical" href="https://shop.example${LIPSTICK}"/>`);
  });

  it("keeps a page per variant: a kept default page never answers for a chosen shade", async () => {
    await setStock({ "VEL-TOO-0046-RUBY": 20 }, "velvet-hue-tools-matte-liquid-lipstick");
    // Both answers come from kept shells (they carry an ETag): neither stands in for the other.
    const plain = await keptPage(LIPSTICK);
    const ruby = await keptPage(`${LIPSTICK}?variant=VEL-TOO-0046-RUBY`);
    expect(await plain.text()).toMatch(/Shade: <strong><bdi class="variant-name"[^>]*>Rosewood<\/bdi><\/strong>/);
    expect(await ruby.text()).toMatch(/Shade: <strong><bdi class="variant-name"[^>]*>Ruby<\/bdi><\/strong>/);
  });

  it("describes the shades as a ProductGroup with a Product and an Offer per shade", async () => {
    await setStock(
      { "VEL-TOO-0046-BERRYNOIR": 0, "VEL-TOO-0046-DESERTROSE": 3 },
      "velvet-hue-tools-matte-liquid-lipstick",
    );
    const group = jsonLd(await page(LIPSTICK)).find((b) => b["@type"] === "ProductGroup") as unknown as ProductGroupLd;
    expect(group).toBeDefined();
    expect(group.productGroupID).toBe("VEL-TOO-0046");
    expect(group.variesBy).toEqual(["https://schema.org/color"]);
    expect(group.url).toBe(`https://shop.example${LIPSTICK}`);
    expect(group.hasVariant).toHaveLength(8);
    const berry = group.hasVariant.find((v) => v.sku === "VEL-TOO-0046-BERRYNOIR");
    expect(berry).toMatchObject({
      "@type": "Product",
      name: "Tools Matte Liquid Lipstick — Berry Noir",
      color: "Berry Noir",
      image: expect.stringMatching(/^https:\/\/shop\.example\/uploads\/.*berrynoir\.svg$/),
      offers: {
        "@type": "Offer",
        url: `https://shop.example${LIPSTICK}?variant=VEL-TOO-0046-BERRYNOIR`,
        price: "79.00",
        priceCurrency: "AED",
        availability: "https://schema.org/OutOfStock",
      },
    });
    const sizes = jsonLd(await page(PERFUME)).find((b) => b["@type"] === "ProductGroup") as unknown as ProductGroupLd;
    expect(sizes.variesBy).toEqual(["https://schema.org/size"]);
    expect(sizes.hasVariant.map((v) => v.size)).toEqual(["30 ml", "50 ml", "100 ml"]);
  });

  it("keeps a Product for a product sold as one item", async () => {
    const html = await page("/catalog/skincare/maison-lumiere-rose-ritual-daily-moisturiser-spf-30");
    const blocks = jsonLd(html);
    expect(blocks.some((b) => b["@type"] === "ProductGroup")).toBe(false);
    expect(blocks.find((b) => b["@type"] === "Product")).toMatchObject({ sku: "MAI-ROS-0001" });
    expect(html).not.toContain('name="variant"');
    expect(html).not.toContain("variant-picker");
  });
});
