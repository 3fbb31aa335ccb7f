import { describe, expect, it } from "vitest";
import { LOCALES } from "../../shared/constants";
import { MAX_SHELL_TAGS, notedTags } from "../../worker/platform/caches/page-tags";
import { changeTags } from "../../worker/platform/cms-client/change-tags";
import { lookedUpSlug, modelOf, productScopes, shownTags } from "../../worker/platform/cms-client/entity-tags";

/*
 * What a CMS answer notes on a kept page (decision 0086): its entries by `__typename` and id, and
 * what kind of list it was by the query's variables.
 */

const product = (id: string, brand: string) => ({
  __typename: "ProductEntity",
  id,
  attributes: {
    __typename: "Product",
    name: `Product ${id}`,
    brand: { __typename: "BrandEntityResponse", data: { __typename: "BrandEntity", id: brand, attributes: {} } },
    category: { __typename: "CategoryEntityResponse", data: null },
  },
});

const collection = (...items: unknown[]) => ({
  products: {
    __typename: "ProductEntityResponseCollection",
    data: items,
    meta: { pagination: { total: items.length } },
  },
});

describe("the tags of a CMS answer", () => {
  it("names Strapi's models as its webhook does", () => {
    expect(modelOf("Product")).toBe("product");
    expect(modelOf("BlogPost")).toBe("blog-post");
    expect(modelOf("ProductLine")).toBe("product-line");
    expect(modelOf("FooterMenu")).toBe("footer-menu");
  });

  it("notes a category listing's products, their brands, the model's lists and the category's products", () => {
    const filters = { and: [{ category: { slug: { eq: "skincare" } } }, { price: { lte: 200 } }] };
    const tags = shownTags(collection(product("1", "7"), product("2", "7")), { locale: "en", filters });
    expect(tags.sort()).toEqual(
      ["product:en:1", "product:en:2", "brand:en:7", "product:lists:en", "product:in:en:category:skincare"].sort(),
    );
  });

  it("notes similar goods drawn from a category or a line under both, and an unscoped list under all", () => {
    const similar = {
      and: [
        { slug: { ne: "a" } },
        { or: [{ category: { slug: { eq: "makeup" } } }, { line: { slug: { eq: "velvet" } } }] },
      ],
    };
    expect(productScopes(similar)).toEqual([
      { relation: "category", slug: "makeup" },
      { relation: "line", slug: "velvet" },
    ]);
    const home = shownTags(collection(product("3", "1")), {
      locale: "ar",
      filters: { availability: { in: ["in_stock"] } },
    });
    expect(home).toContain("product:in:ar:all");
    expect(home).toContain("product:lists:ar");
  });

  it("notes a look-up by slug under its slug, found or not, and products asked by slugs by their entries only", () => {
    expect(lookedUpSlug({ locale: "en", slug: "rose" })).toBe("rose");
    expect(lookedUpSlug({ filters: { and: [{ tags: { slug: { eq: "news" } } }, { slug: { eq: "post" } }] } })).toBe(
      "post",
    );
    expect(lookedUpSlug({ filters: { slug: { ne: "post" } } })).toBeNull();
    expect(shownTags(collection(), { locale: "en", slug: "no-such" })).toEqual(["product:slug:en:no-such"]);
    const bag = shownTags(collection(product("4", "2")), { locale: "en", filters: { slug: { in: ["x"] } } });
    expect(bag.sort()).toEqual(["brand:en:2", "product:en:4"]);
  });
});

describe("the tags a change moves", () => {
  const bindings = {} as never;
  it("moves an English entry in every locale (others fall back to it) and an Arabic one in Arabic only", async () => {
    const english = await changeTags(bindings, {
      event: "entry.update",
      model: "page",
      entryId: "5",
      locale: "en",
      slug: "delivery",
    });
    expect(english).toEqual(expect.arrayContaining(LOCALES.map((locale) => `page:${locale}:5`)));
    const arabic = await changeTags(bindings, {
      event: "entry.update",
      model: "page",
      entryId: "5",
      locale: "ar",
      slug: "delivery",
    });
    expect(arabic).toContain("page:ar:5");
    expect(arabic).not.toContain("page:en:5");
    expect(arabic).toContain("page:slug:ar:delivery");
    expect(arabic).not.toContain("page:lists:ar");
  });

  it("moves a menu's locale's layout only, and every page for a model it cannot place", async () => {
    expect(
      await changeTags(bindings, { event: "entry.update", model: "menu", entryId: "1", locale: "ar", slug: null }),
    ).toEqual(["layout:ar"]);
    expect(
      await changeTags(bindings, { event: "entry.update", model: "banner", entryId: "1", locale: "en", slug: null }),
    ).toEqual(["content"]);
  });
});

describe("the tags a shell keeps", () => {
  it("folds the model with most entries into one tag past MAX_SHELL_TAGS", () => {
    const many = Array.from({ length: 120 }, (_, i) => `product:ar:${i + 1}`);
    const pageTags = new Set(["content", "stock", "layout:ar", "brand:ar:1", "brand:ar:2", ...many]);
    const kept = notedTags(pageTags);
    expect(kept.length).toBeLessThanOrEqual(MAX_SHELL_TAGS);
    expect(kept).toContain("product:all");
    expect(kept).toEqual(expect.arrayContaining(["content", "stock", "layout:ar", "brand:ar:1", "brand:ar:2"]));
    expect(kept.some((tag) => /^product:ar:\d+$/.test(tag))).toBe(false);
  });
});
