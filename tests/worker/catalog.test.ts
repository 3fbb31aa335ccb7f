import { describe, expect, it } from "vitest";
import { emptyMessage, modelHint, readCatalogFilter } from "../../shared/catalog-filter";
import { en } from "../../shared/i18n/en";
import { fetchWorker } from "./fetch";

describe("smart filter parsing", () => {
  it("reads makers, models, years, cost and availability, ignoring bad values", () => {
    const f = readCatalogFilter({
      maker: ["velvet-hue", "<script>", "velvet-hue"],
      model: "lips",
      year: ["2025", "abc", "1800"],
      cost: { min: "300", max: "100" },
      availability: ["in_stock", "bogus"],
      sort: "price-desc",
      page: "-3",
    });
    expect(f).toEqual({
      maker: ["velvet-hue"],
      model: ["lips"],
      year: [2025],
      priceMin: 100,
      priceMax: 300,
      availability: ["in_stock"],
      sort: "price-desc",
      page: 1,
    });
  });

  it("says which maker to choose before models, and which empty message fits", () => {
    expect(modelHint({ maker: [] }, en.catalogFilter)).toBe("Please, choose maker first");
    expect(modelHint({ maker: ["a", "b"] }, en.catalogFilter)).toBe("Please, choose one maker");
    expect(modelHint({ maker: ["a"] }, en.catalogFilter)).toBeNull();
    const onlyMaker = readCatalogFilter({ maker: "a" });
    expect(emptyMessage(en.listing, onlyMaker)).toBe("No products found for this brand...");
    expect(emptyMessage(en.listing, readCatalogFilter({ maker: "a", year: "2024" }))).toBe(
      "No products found according to the filter...",
    );
  });
});

describe("catalogue pages", () => {
  it("lists the categories with their counts", async () => {
    const res = await fetchWorker("/catalog");
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const name of ["Skincare", "Make-up", "Hair care", "Fragrance", "Body care", "Men&#x27;s grooming"])
      expect(html).toContain(name);
    expect(html).toMatch(/\d+ products/);
  });

  it("shows a category with the filter, products and real page links", async () => {
    const res = await fetchWorker("/catalog/skincare");
    expect(res.status).toBe(200);
    const html = await res.text();
    // The hint as shown (the filter's texts also travel in the page's data for the island).
    expect(html).toContain('class="field__hint">Please, choose maker first</p>');
    expect(html).toContain('class="product-card"');
    expect(html).toMatch(/href="\/catalog\/skincare\?page=2"/);
    expect(html).toMatch(/AED\s?\d/);
  });

  it("narrows by one maker and offers its models", async () => {
    const html = await (await fetchWorker("/catalog/makeup?maker=velvet-hue")).text();
    expect(html).not.toContain('class="field__hint">Please, choose maker first</p>');
    expect(html).toContain('name="model" value="lips"');
    const two = await (await fetchWorker("/catalog/makeup?maker=velvet-hue&maker=maison-lumiere")).text();
    expect(two).toContain('class="field__hint">Please, choose one maker</p>');
  });

  it("says so when a brand has nothing in the category", async () => {
    const html = await (await fetchWorker("/catalog/fragrance?maker=gentlemans-grove")).text();
    expect(html).toContain("No products found for this brand...");
    const filtered = await (await fetchWorker("/catalog/fragrance?cost[min]=99999")).text();
    expect(filtered).toContain("No products found according to the filter...");
  });

  it("never fails on a hostile query string", async () => {
    for (const q of [
      "?maker[a][b][c][d][e][f][g]=x",
      "?cost=abc",
      `?${"year=2024&".repeat(1500)}`,
      "?sort[]=x&availability[$gt]=1",
    ]) {
      const res = await fetchWorker(`/catalog/skincare${q}`);
      expect(res.status, q).toBe(200);
    }
    // A page number it cannot show is sent to the listing's one spelling (page-query.test.ts).
    expect((await fetchWorker("/catalog/skincare?page=99999")).status).toBe(301);
  });

  it("answers 404 for an unknown category", async () => {
    expect((await fetchWorker("/catalog/no-such-category")).status).toBe(404);
  });
});

describe("product page", () => {
  async function someProduct() {
    const html = await (await fetchWorker("/catalog/skincare")).text();
    const href = html.match(/href="(\/catalog\/skincare\/[a-z0-9-]+)"/)?.[1];
    if (!href) throw new Error("no product link");
    return href;
  }

  it("shows the product with price, availability, add to bag and similar goods", async () => {
    const path = await someProduct();
    const res = await fetchWorker(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('action="/cart/add"');
    expect(html).toContain("Similar goods");
    expect(html).toContain(`<link rel="canonical" href="https://shop.example${path}"`);
    expect(html).toMatch(/In stock|Out of stock|Pre purchase/);
  });

  it("carries valid Product and BreadcrumbList JSON-LD with an AED offer", async () => {
    const html = await (await fetchWorker(await someProduct())).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    const product = blocks.find((b) => b["@type"] === "Product");
    expect(product.offers.priceCurrency).toBe("AED");
    expect(product.offers.availability).toMatch(/^https:\/\/schema.org\//);
    expect(product.name).toBeTruthy();
    const crumbs = blocks.find((b) => b["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.length).toBeGreaterThanOrEqual(3);
  });

  it("redirects a product under the wrong category to its canonical path", async () => {
    const path = await someProduct();
    const slug = path.split("/").pop();
    const res = await fetchWorker(`/catalog/fragrance/${slug}?ref=x`);
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`${path}?ref=x`);
  });

  it("answers 404 for an unknown product", async () => {
    expect((await fetchWorker("/catalog/skincare/no-such-product")).status).toBe(404);
  });
});

describe("the category's maker facet", () => {
  const makers = (html: string) => [...html.matchAll(/name="maker" value="([a-z0-9-]+)"/g)].map((m) => m[1]);

  it("offers only brands with a product in the category, and keeps one already ticked", async () => {
    const skincare = makers(await (await fetchWorker("/catalog/skincare")).text());
    expect(skincare).toContain("maison-lumiere");
    // The seed's hair-care brand has nothing in skincare.
    expect(skincare).not.toContain("silk-strand");
    const cards = await (await fetchWorker("/catalog/skincare?maker=silk-strand")).text();
    expect(makers(cards)).toContain("silk-strand");
  });
});
