import { describe, expect, it } from "vitest";
import strapiSeed from "../../strapi/data/seed.json";
import ar from "../../worker/cms/seed/ar.json";

/**
 * The seed's Arabic (worker/cms/seed/ar.json, and the real Strapi's strapi/data/seed.json made from it)
 * names product lines in Modern Standard Arabic words, not English words spelled in Arabic letters
 * ("ليبس" for "Lips"). Brands and named ranges (Rose Ritual, Royal Oud…) are proper names and stay as
 * they sound; slugs are unchanged.
 */
const TRANSLITERATIONS = [
  "ليبس",
  "كومبليكشن",
  "آيز",
  "تولز",
  "كلينزرز",
  "سيرومز",
  "هير ريبير",
  "بودي أويلز",
  "سموث",
  "كولر كير",
  "سكالب",
  "بيرد",
  "شيف",
  "سولت سكرابز",
  "فوليوم",
];

/** Every string in a JSON value, with where it is. */
function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, `${at}.${k}`));
  return [];
}

/** The transliterations a text uses, as whole words (a phrase's words in a row). */
function found(text: string): string[] {
  const words = ` ${text.split(/[^\p{L}\p{M}]+/u).join(" ")} `;
  return TRANSLITERATIONS.filter((t) => words.includes(` ${t} `));
}

describe("the seed's Arabic words for product lines", () => {
  it.each([
    ["worker/cms/seed/ar.json", ar],
    ["strapi/data/seed.json", strapiSeed],
  ])("%s spells no product line as an English word in Arabic letters", (_file, seed) => {
    const wrong = strings(seed).flatMap(([at, text]) => found(text).map((t) => `${at}: ${t}`));
    expect(wrong).toEqual([]);
  });

  it("names the lines in Arabic words, their keys (brand/line slugs) unchanged", () => {
    const lines = ar.productLines as Record<string, { name: string }>;
    expect(lines["velvet-hue/lips"]?.name).toBe("الشفاه");
    expect(lines["nordic-pure/cleansers"]?.name).toBe("المنظّفات");
    expect(lines["gentlemans-grove/beard"]?.name).toBe("اللحية");
    expect((ar.products as Record<string, { name: string }>)["velvet-hue-lips-blush-duo"]?.name).toBe(
      "ثنائي أحمر الخدود من مجموعة الشفاه",
    );
  });

  it("finds a transliteration where one is written, as a whole word only", () => {
    expect(found("ثنائي أحمر الخدود من ليبس")).toEqual(["ليبس"]);
    expect(found("من هير ريبير.")).toEqual(["هير ريبير"]);
    expect(found("ثنائي أحمر الخدود من مجموعة الشفاه")).toEqual([]);
  });
});
