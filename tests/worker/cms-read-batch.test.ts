import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { embeddedCms } from "../../worker/index";
import { probeD1 } from "./support/d1-probe";

/** A page of products as the shop asks for it (worker/platform/cms-client/catalog-records.ts productsQuery). */
const PRODUCTS = `query productsQuery($locale: I18NLocaleCode) {
  products(locale: $locale, pagination: { page: 1, pageSize: 12 }, sort: ["id:asc"]) {
    data { id attributes {
      name slug sku price availability locale
      brand { data { id attributes { name slug } } }
      line { data { id attributes { name slug } } }
      category { data { id attributes { name slug } } }
      images { data { attributes { url alternativeText width height } } }
      variants { name sku price image { data { attributes { url } } } }
    } }
    meta { pagination { total } }
  }
}`;

async function askCms(locale: string) {
  const d1 = probeD1(env.DB);
  const res = await embeddedCms.fetch(
    new Request("https://embedded-cms.internal/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: PRODUCTS, variables: { locale } }),
    }),
    { ...env, DB: d1.db },
  );
  // biome-ignore lint/suspicious/noExplicitAny: the answer is checked field by field below
  const body = (await res.json()) as { data: any; errors?: unknown };
  return { body, calls: d1.calls, log: d1.log.map((call) => call.sql.map((sql) => sql.trim().slice(0, 50))) };
}

describe("the embedded CMS reads a page's relations together (worker/cms/graphql/read-batch.ts)", () => {
  it("a page of products with brands, lines, categories, images and variants in two D1 calls", async () => {
    const { body, calls, log } = await askCms("en");
    expect(body.errors).toBeUndefined();
    const products = body.data.products.data;
    expect(products).toHaveLength(12);
    expect(products.every((p: { attributes: { brand: { data: unknown } } }) => p.attributes.brand.data)).toBe(true);
    expect(
      products.some((p: { attributes: { images: { data: unknown[] } } }) => p.attributes.images.data.length > 0),
    ).toBe(true);
    // The page and its count; then brands, lines, categories, images and variants as one batch.
    expect(calls, JSON.stringify(log)).toBe(2);
  });

  it("in Arabic, the translations are read along: no more than one call more", async () => {
    const { body, calls, log } = await askCms("ar");
    expect(body.errors).toBeUndefined();
    expect(body.data.products.data).toHaveLength(12);
    expect(body.data.products.data.some((p: { attributes: { locale: string } }) => p.attributes.locale === "ar")).toBe(
      true,
    );
    expect(calls, JSON.stringify(log)).toBeLessThanOrEqual(4);
  });
});
