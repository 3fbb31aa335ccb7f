import { print } from "graphql";
import { describe, expect, inject, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { jsonLdBlocks, languageProblems, problemsOf, typedNodes } from "../worker/support/json-ld-checks";
import { graphql } from "./graphql-http";
import { checkoutForm, ShopJar } from "./shop-jar";
import { storefrontDocuments } from "./storefront-documents";

/*
 * Arabic from a real Strapi (decision 0089): the strapi/ project enables i18n for the shop's
 * types and its seed gives every entry an `ar` localization (Arabic words where the seed has them,
 * English otherwise), so the storefront's own queries in `ar` answer as the embedded CMS does.
 */
const documents = new Map(storefrontDocuments().map((d) => [d.name, print(d.document)]));
const ARABIC = /[\u0600-\u06FF]/;

async function ask(backend: "embedded" | "strapi", name: string, variables: Record<string, unknown>) {
  const query = documents.get(name);
  if (!query) throw new Error(`no storefront query ${name}`);
  const answer = await graphql(backend, query, variables);
  expect(answer.body.errors ?? [], `${name} on ${backend}`).toEqual([]);
  // biome-ignore lint/suspicious/noExplicitAny: the answers are read field by field below
  return answer.body.data as Record<string, any>;
}

interface MenuLink {
  title: string;
  path: string;
  sublinks?: MenuLink[];
}
/** A list of entries as GraphQL answers it, by type, with the words asked for. */
type Named = Record<string, { data: { attributes: Record<string, string> }[] }>;
const links = (items: MenuLink[]) =>
  items.map((i) => ({ title: i.title, path: i.path, sublinks: (i.sublinks ?? []).map((s) => [s.title, s.path]) }));

describe("Arabic content from a real Strapi 4.25", () => {
  it("answers the main menu in Arabic, as the embedded CMS does, its paths those of the English menu", async () => {
    const [strapi, embedded, english] = await Promise.all([
      ask("strapi", "menuQuery", { locale: "ar" }),
      ask("embedded", "menuQuery", { locale: "ar" }),
      ask("strapi", "menuQuery", { locale: "en" }),
    ]);
    const menu = strapi.menu.data.attributes.menu as MenuLink[];
    expect(menu[0]).toMatchObject({ title: "المتجر", path: "/catalog" });
    expect(menu.every((m) => ARABIC.test(m.title))).toBe(true);
    expect(links(menu)).toEqual(links(embedded.menu.data.attributes.menu));
    expect(links(menu).map((m) => m.path)).toEqual(links(english.menu.data.attributes.menu).map((m) => m.path));
    expect(english.menu.data.attributes.menu[0].title).toBe("Catalog");
  });

  it("answers a product in Arabic with its Arabic category, its price and SKU as in English", async () => {
    const slug = "maison-lumiere-rose-ritual-soothing-toner";
    const [strapi, embedded, english] = await Promise.all([
      ask("strapi", "productQuery", { locale: "ar", slug }),
      ask("embedded", "productQuery", { locale: "ar", slug }),
      ask("strapi", "productQuery", { locale: "en", slug }),
    ]);
    const product = strapi.products.data[0];
    const englishProduct = english.products.data[0];
    expect(product.attributes.name).toBe("تونر روز ريتشوال المهدّئ");
    expect(product.attributes.name).toBe(embedded.products.data[0].attributes.name);
    expect(product.attributes.description).toMatch(ARABIC);
    expect(product.attributes.category.data.attributes.name).toBe("العناية بالبشرة");
    expect(product.attributes.price).toBe(englishProduct.attributes.price);
    expect(product.attributes.sku).toBe(englishProduct.attributes.sku);
    // In Strapi each localization is its own entry, with its own id.
    expect(product.id).not.toBe(englishProduct.id);
    expect(englishProduct.attributes.name).toBe("Rose Ritual Soothing Toner");
  });

  it("lists as many products in Arabic as in English (every entry has its localization)", async () => {
    const count = async (locale: string) =>
      (await graphql("strapi", `{ products(locale: "${locale}") { meta { pagination { total } } } }`)).body.data;
    const [ar, en] = await Promise.all([count("ar"), count("en")]);
    expect(ar).toEqual(en);
  });

  it("takes an order in Arabic through the Strapi-backed shop, its bag and confirmation naming the product in Arabic", async () => {
    const guest = new ShopJar(inject("shopUrl"));
    const listing = await (await guest.send("/ar/catalog/skincare")).text();
    expect(listing).toContain('<html lang="ar" dir="rtl"');
    const slug = listing.match(/name="slug" value="([a-z0-9-]+)"/)?.[1];
    expect(slug, "a product to buy on /ar/catalog/skincare").toBeDefined();
    const english = await ask("strapi", "productQuery", { locale: "en", slug });
    const arabic = await ask("strapi", "productQuery", { locale: "ar", slug });
    const name = arabic.products.data[0].attributes.name as string;
    expect(name).not.toBe(english.products.data[0].attributes.name);
    expect((await guest.send("/ar/cart/add", { slug: slug as string, quantity: "1" })).status).toBe(303);
    expect(await (await guest.send("/ar/cart")).text()).toContain(name);
    const tag = crypto.randomUUID().slice(0, 8);
    const placed = await guest.send(
      "/ar/cart/order",
      checkoutForm({ firstName: "Mariam", lastName: `Arabic${tag}`, email: `mariam.${tag}@example.ae` }),
    );
    expect(placed.status).toBe(303);
    const confirmation = placed.headers.get("location") ?? "";
    expect(confirmation).toMatch(/^\/ar\//);
    const page = await (await guest.send(confirmation)).text();
    expect(page).toContain(ar.orders.isPlaced);
    expect(page).toContain(name);
  });

  it("writes the Arabic pages' structured data in Arabic through the Strapi-backed shop: every URL under /ar, inLanguage ar, each type whole", async () => {
    const paths = [
      "/ar",
      "/ar/catalog/skincare",
      "/ar/catalog/makeup/velvet-hue-lips-blush-duo",
      "/ar/brands/velvet-hue",
      "/ar/blog/skincare/summer-skincare-routine-uae",
      "/ar/company",
    ];
    for (const path of paths) {
      const html = await (await fetch(`${inject("shopUrl")}${path}`)).text();
      const origin = new URL(html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? "").origin;
      const blocks = jsonLdBlocks(html);
      expect(blocks.length, path).toBeGreaterThan(0);
      expect(typedNodes(blocks).flatMap(problemsOf), path).toEqual([]);
      expect(languageProblems(blocks, origin, "ar"), path).toEqual([]);
    }
  });

  it("shows the seed's Arabic for entries that had none before: a product, its line, a blog post and a project", async () => {
    const product = await (await fetch(`${inject("shopUrl")}/ar/catalog/makeup/velvet-hue-lips-blush-duo`)).text();
    expect(product).toContain('<html lang="ar" dir="rtl"');
    expect(product.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1]).toBe("ثنائي أحمر الخدود من مجموعة الشفاه");
    expect(product).toContain("ثنائي أحمر خدود من مجموعة الشفاه لدى فيلفت هيو");
    const post = await (await fetch(`${inject("shopUrl")}/ar/blog/skincare/summer-skincare-routine-uae`)).text();
    expect(post).toContain("روتين العناية بالبشرة في صيف الإمارات");
    expect(post).not.toContain("A summer skincare routine for the UAE</h1>");
    const lines = await graphql(
      "strapi",
      '{ productLines(locale: "ar", filters: { slug: { eq: "soleil" } }) { data { attributes { name } } } }',
    );
    expect((lines.body.data as Named).productLines.data[0]?.attributes.name).toBe("سولاي");
    const projects = await graphql(
      "strapi",
      '{ projects(locale: "ar", filters: { slug: { eq: "fragrance-library" } }) { data { attributes { title } } } }',
    );
    expect((projects.body.data as Named).projects.data[0]?.attributes.title).toBe("مكتبة العطور");
  });

  it("finds a product by its Arabic name in the search index built from Strapi's localizations", async () => {
    const guest = new ShopJar(inject("shopUrl"));
    const page = await (await guest.send(`/ar/search?q=${encodeURIComponent("مُرَطِّب")}`)).text();
    expect(page).toContain("مرطّب روز ريتشوال اليومي");
    const suggest = await guest.send(`/ar/catalog-api/suggest?q=${encodeURIComponent("سيرو")}`);
    const items = ((await suggest.json()) as { items: { name: string }[] }).items.map((i) => i.name);
    expect(items).toContainEqual(expect.stringMatching(/^سيروم /));
  });
});
