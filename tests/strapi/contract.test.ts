import { print } from "graphql";
import { describe, expect, inject, it } from "vitest";
import { graphql } from "./graphql-http";
import { storefrontDocuments } from "./storefront-documents";

/**
 * The same storefront queries, with the same variables, against the embedded CMS and a real
 * Strapi holding the same seed: the answers must match. Media URLs differ by nature (Strapi
 * names uploads with a hash) and component ids are Strapi's row ids, so both are set aside;
 * everything else, entity ids and paging included, must be equal.
 */
const documents = new Map(storefrontDocuments().map((d) => [d.name, print(d.document)]));

function normalise(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, key));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Strapi sets updatedAt when the seed is loaded; the embedded seed has fixed dates.
      if (k === "updatedAt") continue;
      if (k === "url" && typeof v === "string") {
        out[k] = /^\/(uploads|media)\/.+\.svg$/.test(v) ? "relative svg" : v;
        continue;
      }
      if (k === "id" && isComponent(key)) continue;
      out[k] = normalise(v, k);
    }
    return out;
  }
  return value;
}
const isComponent = (key: string) => ["menu", "sublinks", "button", "variants"].includes(key);

async function both(name: string, variables: Record<string, unknown>) {
  const query = documents.get(name);
  if (!query) throw new Error(`no storefront query ${name}`);
  const [embedded, strapi] = await Promise.all([
    graphql("embedded", query, variables),
    graphql("strapi", query, variables),
  ]);
  expect(strapi.body.errors ?? [], `${name} on Strapi`).toEqual([]);
  expect(embedded.body.errors ?? [], `${name} embedded`).toEqual([]);
  return { embedded: normalise(embedded.body.data), strapi: normalise(strapi.body.data) };
}

const cases: [string, string, Record<string, unknown>][] = [
  ["the contacts (spec)", "contactsQuery", { locale: "en" }],
  // Its postal address (a component, decision 0134) in Arabic: the localization's own words.
  ["the contacts in Arabic", "contactsQuery", { locale: "ar" }],
  ["the main menu (spec)", "menuQuery", { locale: "en" }],
  ["the footer menu (spec)", "menuFooterQuery", { locale: "en" }],
  ["the top menu (spec)", "menuTopQuery", { locale: "en" }],
  ["every category with its product count", "categoriesQuery", { locale: "en" }],
  ["one category by slug", "categoriesQuery", { locale: "en", slug: "skincare" }],
  ["brands with their lines", "brandsQuery", { locale: "en" }],
  [
    "a filtered, sorted second page of products",
    "productsQuery",
    {
      locale: "en",
      filters: { category: { slug: { eq: "skincare" } }, price: { between: [50, 400] } },
      sort: ["price:asc", "id:asc"],
      page: 2,
      pageSize: 5,
    },
  ],
  [
    "products by maker, line and availability",
    "productsQuery",
    {
      locale: "en",
      filters: {
        and: [
          { brand: { slug: { in: ["maison-lumiere", "desert-bloom"] } } },
          { availability: { in: ["in_stock", "prepurchase"] } },
          { or: [{ name: { containsi: "serum" } }, { sku: { startsWith: "MAI" } }] },
        ],
      },
      sort: ["popularity:desc", "id:asc"],
      page: 1,
      pageSize: 24,
    },
  ],
  [
    "one product with its details",
    "productQuery",
    { locale: "en", slug: "maison-lumiere-rose-ritual-daily-moisturiser-spf-30" },
  ],
  ["a missing product", "productQuery", { locale: "en", slug: "no-such-product" }],
  [
    "a lipstick with its eight shades, swatches and pictures",
    "productQuery",
    { locale: "en", slug: "velvet-hue-tools-matte-liquid-lipstick" },
  ],
  ["a perfume with its three sizes", "productQuery", { locale: "en", slug: "oud-and-amber-musk-garden-eau-de-parfum" }],
  [
    "makeup listed with the shades of each product",
    "productsQuery",
    { locale: "en", filters: { category: { slug: { eq: "makeup" } } }, sort: ["id:asc"], page: 1, pageSize: 24 },
  ],
  [
    "blog posts by tag",
    "blogPostsQuery",
    { locale: "en", filters: { tags: { slug: { eq: "guides" } } }, page: 1, pageSize: 6, withContent: false },
  ],
  [
    "one blog post with content",
    "blogPostsQuery",
    { locale: "en", filters: { slug: { eq: "summer-skincare-routine-uae" } }, page: 1, pageSize: 1, withContent: true },
  ],
  ["the tags", "tagsQuery", { locale: "en" }],
  ["the projects", "projectsQuery", { locale: "en", filters: {}, withContent: false }],
  ["an information page", "pagesQuery", { locale: "en", slug: "company" }],
];

describe("the storefront's queries answer the same from the embedded CMS and from Strapi", () => {
  for (const [title, name, variables] of cases) {
    it(`${title} (${name})`, async () => {
      const { embedded, strapi } = await both(name, variables);
      expect(embedded).toEqual(strapi);
      expect(JSON.stringify(strapi)).not.toBe("{}");
    });
  }
});

describe("where the two could differ, the embedded CMS answers as Strapi does", () => {
  async function compare(query: string) {
    const [embedded, strapi] = await Promise.all([graphql("embedded", query), graphql("strapi", query)]);
    return { embedded, strapi };
  }

  it("pages 10 at a time in id order when asked for no paging or order; ids are strings", async () => {
    const { embedded, strapi } = await compare(
      "{ products { data { id } meta { pagination { page pageSize pageCount total } } } }",
    );
    expect(embedded.body).toEqual(strapi.body);
    expect(strapi.body.data).toMatchObject({ products: { meta: { pagination: { page: 1, pageSize: 10 } } } });
  });

  it("pages by start/limit the same way", async () => {
    const { embedded, strapi } = await compare(
      "{ products(pagination: { start: 5, limit: 3 }) { data { id } meta { pagination { page pageSize pageCount total } } } }",
    );
    expect(embedded.body).toEqual(strapi.body);
  });

  it("caps a page at 100 (Strapi configured with maxLimit 100, as the embedded CMS)", async () => {
    const { embedded, strapi } = await compare(
      "{ products(pagination: { pageSize: 500 }) { meta { pagination { pageSize } } } }",
    );
    expect(embedded.body).toEqual(strapi.body);
  });

  it("answers an empty collection with zero pages", async () => {
    const { embedded, strapi } = await compare(
      '{ pages(filters: { slug: { eq: "nope" } }) { data { id } meta { pagination { page pageSize pageCount total } } } }',
    );
    expect(embedded.body).toEqual(strapi.body);
  });

  it("answers a missing entity by id with data: null", async () => {
    const { embedded, strapi } = await compare("{ product(id: 99999) { data { id } } }");
    expect(embedded.body).toEqual(strapi.body);
  });

  it("refuses an unknown locale with the same validation error", async () => {
    const { embedded, strapi } = await compare('{ products(locale: "xx") { data { id } } }');
    expect([embedded.status, strapi.status]).toEqual([400, 400]);
    expect(embedded.body.errors?.[0].message).toBe(strapi.body.errors?.[0].message);
  });

  it("refuses an unknown field with 400 and GRAPHQL_VALIDATION_FAILED", async () => {
    const { embedded, strapi } = await compare("{ products { data { attributes { nope } } } }");
    expect([embedded.status, strapi.status]).toEqual([400, 400]);
    expect(embedded.body.errors?.[0].message).toBe(strapi.body.errors?.[0].message);
    expect(embedded.body.errors?.[0].extensions?.code).toBe(strapi.body.errors?.[0].extensions?.code);
  });

  it("refuses mixed paging and an unknown sort field with Strapi's errors", async () => {
    for (const query of [
      "{ products(pagination: { page: 1, limit: 5 }) { data { id } } }",
      '{ products(sort: ["password:asc"]) { data { id } } }',
    ]) {
      const { embedded, strapi } = await compare(query);
      expect(embedded.status).toBe(strapi.status);
      expect(embedded.body.data).toEqual(strapi.body.data);
      const pick = (e?: { message: string; extensions?: Record<string, unknown> }) => ({
        message: e?.message,
        code: e?.extensions?.code,
        error: e?.extensions?.error,
      });
      expect(pick(embedded.body.errors?.[0])).toEqual(pick(strapi.body.errors?.[0]));
    }
  });

  it("answers a missing relation as { data: null } and no images as { data: [] } (as tests/worker/cms-graphql does)", async () => {
    const slug = `unrelated-${Date.now().toString(36)}`;
    const created = await fetch(`${inject("strapiUrl")}/api/products`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${inject("strapiApiToken")}` },
      body: JSON.stringify({
        data: { name: "Unrelated", slug, sku: "UNR-1", price: 10, locale: "en", publishedAt: new Date().toISOString() },
      }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    try {
      const { body } = await graphql(
        "strapi",
        `query ($slug: String) { products(filters: { slug: { eq: $slug } }) { data { attributes {
          oldPrice brand { data { id } } line { data { id } } category { data { id } } images { data { id } } } } } }`,
        { slug },
      );
      expect((body.data as { products: { data: { attributes: unknown }[] } }).products.data[0].attributes).toEqual({
        brand: { data: null },
        line: { data: null },
        category: { data: null },
        images: { data: [] },
        oldPrice: null,
      });
    } finally {
      // Other files compare whole pages with the embedded shop: leave Strapi's catalogue as seeded.
      await fetch(`${inject("strapiUrl")}/api/products/${id}`, {
        method: "DELETE",
        headers: { authorization: `Bearer ${inject("strapiApiToken")}` },
      });
    }
  });
});
