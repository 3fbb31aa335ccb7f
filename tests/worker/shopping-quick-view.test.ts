import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

describe("the quick view data", () => {
  it("answers a product's images, price, availability, path and rating as cacheable JSON", async () => {
    const row = await env.DB.prepare("SELECT slug, price, availability FROM cms_products WHERE id = 1").first<{
      slug: string;
      price: number;
      availability: string;
    }>();
    const res = await fetchWorker(`/catalog-api/quick-view/${row!.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ slug: row!.slug, price: row!.price, availability: row!.availability });
    expect(body.path).toBe(`/catalog/skincare/${row!.slug}`);
    expect((body.images as unknown[]).length).toBeGreaterThan(0);
    expect(body.rating).toMatchObject({ count: expect.any(Number), average: expect.any(Number) });
  });

  it("is 404 JSON for unknown and malformed slugs", async () => {
    for (const slug of ["no-such-product", "%3Cscript%3E", "UPPER", "a".repeat(200)]) {
      const res = await fetchWorker(`/catalog-api/quick-view/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(await res.json()).toEqual({ error: "Unknown product" });
    }
  });

  it("puts a quick view control on every product card, a link to the product page without JavaScript", async () => {
    const html = await (await fetchWorker("/catalog/skincare")).text();
    const islands = html.match(/data-island="quick-view"/g) ?? [];
    const cards = html.match(/class="product-card"/g) ?? [];
    expect(islands.length).toBe(cards.length);
    expect(html).toMatch(
      /<a class="button button--outlined button--small button--block" href="\/catalog\/skincare\/[a-z0-9-]+">Quick view/,
    );
  });
});
