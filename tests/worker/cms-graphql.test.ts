import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetchWorker("/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      // biome-ignore lint/suspicious/noExplicitAny: GraphQL answers are checked field by field below
      data?: Record<string, any>;
      errors?: { message: string; extensions?: Record<string, unknown> }[];
      error?: unknown;
    },
  };
}

describe("embedded CMS: the four queries of spec section 7", () => {
  it("contactsQuery returns contact.data.attributes with the contact fields", async () => {
    const { body } = await gql(
      `query contactsQuery($locale: I18NLocaleCode) { contact(locale: $locale) { data { attributes {
      company email phone logotype { data { attributes { url } } } icon { data { attributes { url } } }
      receiver whatsapp telegram vk facebook instagram youtube } } } }`,
      { locale: "en" },
    );
    const attributes = body.data?.contact.data.attributes;
    expect(attributes.company).toBe("Noor Beauty");
    expect(attributes.email).toMatch(/@/);
    expect(attributes.logotype.data.attributes.url).toBe("/media/brand/logotype.svg");
    expect(Object.keys(attributes).sort()).toEqual(
      [
        "company",
        "email",
        "phone",
        "logotype",
        "icon",
        "receiver",
        "whatsapp",
        "telegram",
        "vk",
        "facebook",
        "instagram",
        "youtube",
      ].sort(),
    );
  });

  it("contactsQuery in Arabic describes the logotype and icon in Arabic, as a real Strapi's Arabic contacts do", async () => {
    const picture = "data { attributes { url alternativeText } }";
    const query = `query contactsQuery($locale: I18NLocaleCode) { contact(locale: $locale) { data { attributes {
      logotype { ${picture} } icon { ${picture} } } } } }`;
    const described = async (locale: string) => {
      const { body } = await gql(query, { locale });
      const { logotype, icon } = body.data!.contact.data.attributes;
      return [logotype.data.attributes.alternativeText, icon.data.attributes.alternativeText];
    };
    expect(await described("ar")).toEqual(["نور بيوتي", "أيقونة نور بيوتي"]);
    expect(await described("en")).toEqual(["Noor Beauty", "Noor Beauty icon"]);
  });

  it("menuQuery returns menu.data with id and attributes, sublinks limited to 50", async () => {
    const { body } = await gql(
      `query menuQuery($locale: I18NLocaleCode) { menu(locale: $locale) { data { id attributes {
      menu { id parent title path megaMenu class sublinks(pagination: { limit: 50 }) { class title active path group } }
      button { classes color iconClass id modal outlined path size text window } } } } }`,
      { locale: "en" },
    );
    const menu = body.data?.menu.data;
    expect(typeof menu.id).toBe("string");
    const catalog = menu.attributes.menu.find((m: { megaMenu: boolean }) => m.megaMenu);
    expect(catalog.sublinks.length).toBeGreaterThan(3);
    expect(catalog.sublinks.length).toBeLessThanOrEqual(50);
    expect(catalog.sublinks[0]).toHaveProperty("group");
    expect(menu.attributes.button.text).toBeTruthy();
    const over = await gql(
      `{ menu(locale: "en") { data { attributes { menu { sublinks(pagination: { limit: 500 }) { title } } } } } }`,
    );
    for (const item of over.body.data?.menu.data.attributes.menu ?? [])
      expect(item.sublinks.length).toBeLessThanOrEqual(50);
  });

  it("menuFooterQuery returns footerMenu.data.attributes", async () => {
    const { body } = await gql(
      `query menuFooterQuery($locale: I18NLocaleCode) { footerMenu(locale: $locale) { data { attributes {
      slogan copyrights policyLink menu { id title path sublinks(pagination: { limit: 50 }) { title path } }
      button { id text modal outlined } } } } }`,
      { locale: "en" },
    );
    const footer = body.data?.footerMenu.data.attributes;
    expect(footer.slogan).toBeTruthy();
    expect(footer.policyLink).toBe("/privacy-policy");
    expect(footer.menu.length).toBeGreaterThan(1);
  });

  it("menuTopQuery returns topMenu.data.attributes.menu", async () => {
    const { body } = await gql(
      `query menuTopQuery($locale: I18NLocaleCode) { topMenu(locale: $locale) { data { attributes {
      menu { id title path } } } } }`,
      { locale: "en" },
    );
    expect(body.data?.topMenu.data.attributes.menu.length).toBeGreaterThan(0);
  });
});

describe("embedded CMS: products", () => {
  const LIST = `query($filters: ProductFiltersInput, $pagination: PaginationArg, $sort: [String]) {
    products(filters: $filters, pagination: $pagination, sort: $sort, locale: "en") {
      data { id attributes { name slug price availability year brand { data { attributes { slug } } }
        line { data { attributes { slug } } } category { data { attributes { slug } } }
        images { data { attributes { url width height alternativeText } } } } }
      meta { pagination { page pageSize pageCount total } } } }`;

  it("pages 10 by default with Strapi's meta", async () => {
    const { body } = await gql(LIST);
    expect(body.data?.products.data).toHaveLength(10);
    expect(body.data?.products.meta.pagination).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.data?.products.meta.pagination.total).toBeGreaterThanOrEqual(80);
    const first = body.data?.products.data[0];
    expect(typeof first.id).toBe("string");
    expect(first.attributes.images.data.length).toBeGreaterThanOrEqual(2);
    expect(first.attributes.images.data[0].attributes).toMatchObject({ width: 800, height: 800 });
  });

  it("filters by category, brand, price range and availability, and sorts by price", async () => {
    const { body } = await gql(LIST, {
      filters: {
        category: { slug: { eq: "skincare" } },
        price: { between: [100, 250] },
        availability: { in: ["in_stock", "prepurchase"] },
      },
      sort: ["price:asc"],
      pagination: { pageSize: 100 },
    });
    const items = body.data?.products.data ?? [];
    expect(items.length).toBeGreaterThan(0);
    const prices = items.map((p: { attributes: { price: number } }) => p.attributes.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of items) {
      expect(p.attributes.category.data.attributes.slug).toBe("skincare");
      expect(p.attributes.price).toBeGreaterThanOrEqual(100);
      expect(["in_stock", "prepurchase"]).toContain(p.attributes.availability);
    }
    const brand = await gql(LIST, {
      filters: { brand: { slug: { eq: "velvet-hue" } }, line: { slug: { eq: "lips" } } },
    });
    for (const p of brand.body.data?.products.data ?? []) {
      expect(p.attributes.brand.data.attributes.slug).toBe("velvet-hue");
      expect(p.attributes.line.data.attributes.slug).toBe("lips");
    }
  });

  it("searches text case-insensitively with or/and/not", async () => {
    const { body } = await gql(LIST, {
      filters: {
        or: [{ name: { containsi: "SERUM" } }, { brand: { name: { containsi: "serum" } } }],
        not: { availability: { eq: "none" } },
      },
      pagination: { pageSize: 100 },
    });
    const items = body.data?.products.data ?? [];
    expect(items.length).toBeGreaterThan(0);
    for (const p of items) expect(p.attributes.name.toLowerCase()).toContain("serum");
  });

  it("caps the page size at 100 and pages with page/pageSize", async () => {
    const { body } = await gql(LIST, { pagination: { page: 2, pageSize: 500 } });
    expect(body.data?.products.meta.pagination.pageSize).toBe(100);
    const second = await gql(LIST, { pagination: { page: 2, pageSize: 5 } });
    expect(second.body.data?.products.meta.pagination).toMatchObject({ page: 2, pageSize: 5 });
    expect(second.body.data?.products.data).toHaveLength(5);
  });

  it("answers bad input as GraphQL errors, never a crash", async () => {
    const mixed = await gql(LIST, { pagination: { page: 1, limit: 5 } });
    expect(mixed.body.errors?.[0]).toMatchObject({
      message: "Cannot use both page & offset pagination in the same query",
      extensions: { code: "STRAPI_PAGINATION_ERROR", error: { name: "PaginationError" } },
    });
    const badSort = await gql(LIST, { sort: ["password:asc"] });
    expect(badSort.body.errors?.[0]).toMatchObject({
      message: "Invalid parameter password",
      extensions: { code: "BAD_USER_INPUT", error: { name: "ValidationError" } },
    });
    const syntax = await gql("{ products { data { id ");
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors?.[0].message).toBeTruthy();
    const unknownField = await gql("{ products { data { attributes { nope } } } }");
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors?.[0].extensions).toEqual({ code: "GRAPHQL_VALIDATION_FAILED" });
  });

  it("refuses a locale the shop does not have, as Strapi's i18n does", async () => {
    const literal = await gql('{ products(locale: "xx") { data { id } } }');
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0].message).toBe(
      'Expected value of type "I18NLocaleCode", found "xx"; Unknown locale supplied',
    );
    const known = await gql('{ products(locale: "en", pagination: { pageSize: 1 }) { data { id } } }');
    expect(known.body.data?.products.data).toHaveLength(1);
  });

  it("refuses queries that are too deep", async () => {
    let deep = "slug";
    for (let i = 0; i < 8; i++)
      deep = `brand { data { attributes { productLines { data { attributes { ${deep} } } } } } }`;
    const { status, body } = await gql(`{ productLines { data { attributes { ${deep} } } } }`);
    expect(status).toBe(400);
    expect(body.errors?.[0].message).toContain("too deep");
  });

  it("answers a full introspection query, whose depth is the schema's, not data's (as Strapi does)", async () => {
    const { getIntrospectionQuery } = await import("graphql");
    const { status, body } = await gql(getIntrospectionQuery());
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const types = (body.data as unknown as { __schema: { types: { name: string }[] } }).__schema.types;
    expect(types.map((t) => t.name)).toContain("ProductEntityResponseCollection");
  });

  it("refuses a POST with an invalid Bearer token with 401 and Strapi's envelope", async () => {
    const { status, body } = await gql("{ products { data { id } } }", {}, { Authorization: "Bearer not-a-token" });
    expect(status).toBe(401);
    expect(body).toEqual({
      data: null,
      error: { status: 401, name: "UnauthorizedError", message: "Missing or invalid credentials", details: {} },
    });
  });

  it("serves queries over GET", async () => {
    const res = await fetchWorker(
      `/graphql?query=${encodeURIComponent("{ categories { data { attributes { slug productCount } } } }")}`,
    );
    const body = (await res.json()) as {
      data: { categories: { data: { attributes: { slug: string; productCount: number } }[] } };
    };
    expect(body.data.categories.data.length).toBeGreaterThanOrEqual(6);
    expect(body.data.categories.data.every((c) => c.attributes.productCount > 0)).toBe(true);
  });
});

describe("embedded CMS media", () => {
  it("serves seeded illustrations as SVG with caching", async () => {
    const res = await fetchWorker("/media/brand/logotype.svg");
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    const list = await gql(
      `{ products(pagination: { pageSize: 1 }) { data { attributes { images { data { attributes { url } } } } } } }`,
    );
    const url = list.body.data?.products.data[0].attributes.images.data[0].attributes.url;
    const image = await fetchWorker(url);
    expect(image.status).toBe(200);
    expect(await image.text()).toMatch(/^<svg/);
    expect((await fetchWorker("/uploads/products/nope.svg")).status).toBe(404);
  });
});

describe("with a real Strapi configured", () => {
  it("leaves the shop's own pages alone and gives up the embedded CMS paths", async () => {
    const { env, createExecutionContext } = await import("cloudflare:test");
    const { app } = await import("../../worker/index");
    const remote = { ...env, CMS_URL: "https://cms.invalid" };
    const page = await app.request("https://shop.example/builds/latest.json", {}, remote, createExecutionContext());
    expect(page.status).toBe(200);
    const graphql = await app.request(
      "https://shop.example/graphql",
      { method: "POST", body: "{}" },
      remote,
      createExecutionContext(),
    );
    expect(graphql.status).toBe(404);
  });
});

/** A product without relations or images; tests/strapi/contract.test.ts expects the same from Strapi. */
const UNRELATED_PRODUCT = {
  brand: { data: null },
  line: { data: null },
  category: { data: null },
  images: { data: [] },
  oldPrice: null,
};

describe("embedded CMS: empty relations", () => {
  it("answers a missing relation as { data: null } and no images as { data: [] }, as Strapi does", async () => {
    const { env } = await import("cloudflare:test");
    const slug = `unrelated-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO cms_products (name, slug, sku, price) VALUES ('Unrelated', ?1, 'UNR-1', 10)")
      .bind(slug)
      .run();
    const { body } = await gql(
      `query ($slug: String) { products(filters: { slug: { eq: $slug } }) { data { attributes {
        oldPrice brand { data { id } } line { data { id } } category { data { id } } images { data { id } } } } } }`,
      { slug },
    );
    expect(body.data?.products.data[0].attributes).toEqual(UNRELATED_PRODUCT);
  });
});
