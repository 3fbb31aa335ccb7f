import { describe, expect, it } from "vitest";
import { slugify } from "../../shared/slug";
import strapiSeed from "../../strapi/data/seed.json";
import brands from "../../worker/cms/seed/brands.json";
import products from "../../worker/cms/seed/products.json";
import { fetchWorker } from "./fetch";

describe("slugify", () => {
  it("folds accents and ligatures instead of dropping the letters", () => {
    expect(slugify("Clarté Night Repair Cream")).toBe("clarte-night-repair-cream");
    expect(slugify("Maison Lumière")).toBe("maison-lumiere");
    expect(slugify("Crème brûlée Œuvre")).toBe("creme-brulee-oeuvre");
    // NFKD: a compatibility form (the "ﬁ" ligature, a full-width digit) is spelled out too.
    expect(slugify("Ｎo. ５ ﬁne")).toBe("no-5-fine");
  });

  it("drops apostrophes, joins words with single hyphens and trims them at the ends", () => {
    expect(slugify("  Men's skincare — in three steps!  ")).toBe("mens-skincare-in-three-steps");
  });
});

describe("the seed's product slugs", () => {
  it("are the brand's slug and the product's name slugified, accents folded", () => {
    const brandSlugs = new Set(brands.map((b) => b.slug));
    const wrong = products
      .filter((p) => !brandSlugs.has(p.brand) || p.slug !== `${p.brand}-${slugify(p.name)}`)
      .map((p) => `${p.name}: ${p.slug}`);
    expect(wrong).toEqual([]);
  });

  it("are the same in the real Strapi's seed (generated from the embedded CMS's)", () => {
    const strapiSlugs = strapiSeed.entries
      .filter((e) => e.uid === "api::product.product")
      .map((e) => (e.data as { slug: string }).slug)
      .sort();
    expect(strapiSlugs).toEqual(products.map((p) => p.slug).sort());
  });

  it("serve the accented product at its folded address", async () => {
    const res = await fetchWorker("/catalog/skincare/maison-lumiere-clarte-night-repair-cream");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Clarté Night Repair Cream");
  });
});
