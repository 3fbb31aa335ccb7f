import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { foldText, indexText, NORMALISER_VERSION, queryWords } from "../../shared/search-words";
import { fetchWorker } from "./fetch";

/**
 * Search in Arabic (docs/search.md): the normaliser folds Arabic's many spellings of one word, the
 * index holds each product's Arabic words beside its English ones (worker/cms/seed/ar.json), and the
 * header's suggestions name products in the page's language and correct typos as the search page does.
 */

/** The product names on a search page (the "popular" list left out), in the order shown. */
async function resultNames(path: string): Promise<{ names: string[]; html: string }> {
  const res = await fetchWorker(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  const results = html.split('id="search-popular"')[0]!;
  const names = [...results.matchAll(/<h3 class="product-card__name"><a[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
  return { names, html };
}

const arabicSearch = (q: string) => resultNames(`/ar/search?q=${encodeURIComponent(q)}`);

async function suggest(path: string, q: string): Promise<{ kind: string; name: string; path: string }[]> {
  const res = await fetchWorker(`${path}?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { kind: string; name: string; path: string }[] }).items;
}

describe("the normaliser folds Arabic (shared/arabic-words.ts)", () => {
  it("writes each letter's variants one way", () => {
    // Alef with hamza above, below, madda and wasla; alef maqsura; ta marbuta; hamza on waw and ya.
    expect(foldText("أحمر إشراقة آمن ٱسم")).toBe(foldText("احمر اشراقه امن اسم"));
    expect(foldText("مستشفى")).toBe("مستشفي");
    expect(foldText("بشرة")).toBe("بشره");
    expect(foldText("مؤقت شائع")).toBe("موقت شايع");
    // Persian keyboards' ya and kaf.
    expect(foldText("کریم")).toBe("كريم");
  });

  it("drops the short vowels, shadda, sukun, the dagger alef and tatweel", () => {
    expect(foldText("مُرَطِّبٌ")).toBe("مرطب");
    expect(foldText("هٰذا")).toBe("هذا");
    expect(foldText("سيـــروم")).toBe("سيروم");
    expect(foldText("عِطْرٌ")).toBe("عطر");
  });

  it("makes Arabic-Indic and Persian digits ASCII", () => {
    expect(foldText("SPF ٣٠ و ۵۰ مل")).toBe("spf 30 و 50 مل");
  });

  it("takes off the article and the -ات plural, the same for the product and the query", () => {
    expect(queryWords("العطور")).toEqual(queryWords("عطور"));
    expect(queryWords("للبشرة")).toEqual(["بشره"]);
    expect(queryWords("والعود بالمسك")).toEqual(["عود", "مسك"]);
    expect(queryWords("سيرومات")).toEqual(["سيروم"]);
    // Too short to be a word with an article or a plural: left as typed.
    expect(queryWords("ال")).toEqual(["ال"]);
    expect(queryWords("نبات")).toEqual(["نبات"]);
    expect(indexText("مرطّب روز ريتشوال اليومي")).toBe("مرطب روز ريتشوال يومي");
  });

  it("meets a broken plural or an Arabic word with the word the names use, on both sides", () => {
    expect(queryWords("عطور")).toEqual(queryWords("عطر"));
    expect(queryWords("أمصال مصل")).toEqual(["سيروم"]);
    // The index keeps the word as written too, so its beginning still finds it ("العطو…").
    expect(indexText("قناع الطين")).toBe("قناع ماسك طين");
    expect(indexText("العطور")).toBe("عطور عطر");
    // A two-word name is also indexed as the one word shoppers type for it.
    expect(indexText("أحمر شفاه مخملي")).toBe("احمر شفاه روج مخملي");
    expect(indexText("أحمر")).toBe("احمر");
  });
});

describe("searching on Arabic pages (seed catalogue)", () => {
  const table: [query: string, expected: RegExp, why: string][] = [
    ["سيروم", /^سيروم /, "the word as the names write it"],
    ["مرطب", /^مرطّب /, "the name writes it with a shadda"],
    ["مُرَطِّب", /^مرطّب /, "typed with its vowels"],
    ["أحمر شفاه", /^أحمر شفاه /, "two words, the first with a hamza"],
    ["احمر شفاه", /^أحمر شفاه /, "typed without the hamza"],
    ["عطر", /^عطر /, "a fragrance's name"],
    ["عود", /رويال عود/, "a word of the name"],
    ["العود", /رويال عود/, "with the article"],
    ["soleil hydrating serum", /^سيروم سولاي المرطّب$/, "English still finds the products, shown in Arabic"],
    ["مصل", /^سيروم /, "the Arabic word for serum, where the names use the loanword"],
    ["روج", /^أحمر شفاه /, "the one word shoppers say for the two the names write"],
    ["عطور", /^عطر /, "a broken plural, which no suffix rule takes off"],
    ["العطور", /^عطر /, "the broken plural with the article"],
  ];
  for (const [query, expected, why] of table) {
    it(`finds ${expected} in the first three for “${query}” (${why})`, async () => {
      const { names } = await arabicSearch(query);
      expect(
        names.slice(0, 3).some((n) => expected.test(n)),
        `${query}: ${names.slice(0, 5).join(" | ")}`,
      ).toBe(true);
    });
  }

  it("corrects an Arabic typo and says so", async () => {
    const { names, html } = await arabicSearch("سيرم");
    expect(names[0]).toMatch(/^سيروم /);
    expect(html).toContain(`/ar/search?q=${encodeURIComponent("سيروم")}`);
  });

  it("finds Arabic words on English pages too", async () => {
    const { names } = await resultNames(`/search?q=${encodeURIComponent("سيروم")}`);
    expect(
      names.slice(0, 3).some((n) => /Serum/.test(n)),
      names.join(" | "),
    ).toBe(true);
  });
});

describe("the header's suggestions on Arabic pages", () => {
  it("suggests products by their Arabic names for an Arabic prefix", async () => {
    const items = await suggest("/ar/catalog-api/suggest", "سيرو");
    expect(items.filter((i) => i.kind === "product").map((i) => i.name)).toContainEqual(
      expect.stringMatching(/^سيروم /),
    );
  });

  it("suggests a category by its Arabic name, with its path", async () => {
    const items = await suggest("/ar/catalog-api/suggest", "العطو");
    expect(items).toContainEqual(
      expect.objectContaining({ kind: "category", name: "العطور", path: "/catalog/fragrance" }),
    );
  });

  it("corrects a typo as the search page does, in Arabic and in English", async () => {
    const arabic = await suggest("/ar/catalog-api/suggest", "سيرم");
    expect(arabic.map((i) => i.name)).toContainEqual(expect.stringMatching(/^سيروم /));
    const english = await suggest("/catalog-api/suggest", "vitamn");
    expect(english.map((i) => i.name)).toContainEqual(expect.stringMatching(/Vitamin C/));
  });
});

describe("the index follows the normaliser's version", () => {
  it("is rebuilt when it was built by another version of the normaliser", async () => {
    expect((await arabicSearch("عطر")).names.length).toBeGreaterThan(0);
    // An index built by an older normaliser, without one product, the shop's kept results read again.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM search_products WHERE rowid = 20"),
      env.DB.prepare("DELETE FROM search_documents WHERE product_id = 20"),
      env.DB.prepare("UPDATE search_state SET normaliser = ?1").bind(NORMALISER_VERSION - 1),
    ]);
    await env.CMS_CACHE.put("cms:content-version", `old-normaliser-${crypto.randomUUID()}`);
    const { names } = await arabicSearch("رويال عود");
    expect(names).toContain("عطر رويال عود أو دو بارفان");
    const state = await env.DB.prepare("SELECT normaliser, built_at FROM search_state").first();
    expect(state).toEqual({ normaliser: NORMALISER_VERSION, built_at: expect.any(Number) });
  });
});

describe("the index follows an Arabic change", () => {
  function webhook(model: string, entry: Record<string, unknown>): Promise<Response> {
    return fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
      body: JSON.stringify({ event: "entry.update", model, entry }),
    });
  }

  it("reindexes the product an Arabic localization names by slug (a real Strapi gives it its own id)", async () => {
    expect((await arabicSearch("زعفران")).names).toEqual([]);
    await env.DB.prepare(
      "UPDATE cms_translations SET value = 'عطر رويال عود بالزعفران' WHERE model = 'product' AND locale = 'ar' AND field = 'name' AND entry_id = 20",
    ).run();
    const res = await webhook("product", { id: 9020, locale: "ar", slug: "oud-and-amber-royal-oud-eau-de-parfum" });
    expect(res.status).toBe(200);
    expect((await arabicSearch("زعفران")).names).toEqual(["عطر رويال عود بالزعفران"]);
    const items = await suggest("/ar/catalog-api/suggest", "زعفر");
    expect(items.map((i) => i.name)).toContain("عطر رويال عود بالزعفران");
  });

  it("gives a category its new Arabic name in suggestions when its localization changes", async () => {
    await env.DB.prepare(
      "UPDATE cms_translations SET value = 'العطور الشرقية' WHERE model = 'category' AND locale = 'ar' AND field = 'name' AND entry_id = (SELECT id FROM cms_categories WHERE slug = 'fragrance')",
    ).run();
    expect((await webhook("category", { id: 9004, locale: "ar", slug: "fragrance" })).status).toBe(200);
    const items = await suggest("/ar/catalog-api/suggest", "الشرقي");
    expect(items).toContainEqual(expect.objectContaining({ kind: "category", name: "العطور الشرقية" }));
  });
});
