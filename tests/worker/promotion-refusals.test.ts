import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { formatPrice } from "../../shared/money";
import { Browser } from "./support/browser-session";
import { addPromotion, addToBag, clearPromotions, firstProduct, placeOrder } from "./support/code-promotions";
import { productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * Every reason the shop gives for refusing a discount code (worker/screens/cart/code-refusal.ts,
 * shared/promotions/eligibility.ts), typed in the bag's code field on an English page and under /ar:
 * a 422 with the sentence of shared/i18n/en.ts or shared/i18n/ar.ts `promotions.refused` beside the
 * field, the code kept in it, and the bag (its lines, and no code on it) as it was.
 */
const LANGUAGES = [
  { prefix: "", locale: "en", words: en.promotions.refused },
  { prefix: "/ar", locale: "ar", words: ar.promotions.refused },
] as const;
type Language = (typeof LANGUAGES)[number];

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));
const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

/** The bags and their codes as D1 holds them: a refused code changes neither. */
async function bags(): Promise<unknown[]> {
  const [lines, codes] = await env.DB.batch([
    env.DB.prepare(
      "SELECT cart_id, product_slug, variant_sku, quantity FROM cart_lines ORDER BY cart_id, product_slug",
    ),
    env.DB.prepare("SELECT cart_id, code FROM cart_codes"),
  ]);
  return [lines!.results, codes!.results];
}

/** A visitor with two of the catalogue's first product in the bag, added from a page in this language. */
async function shopperWithBag({ prefix }: Language): Promise<Browser> {
  const shopper = new Browser();
  await addToBag(shopper, prefix, (await firstProduct()).slug, 2);
  return shopper;
}

/** Types the code in the bag's field on this language's page; what the page said beside the field. */
async function refusal(shopper: Browser, { prefix, locale }: Language, code: string): Promise<string> {
  const before = await bags();
  const res = await shopper.post(`${prefix}/cart/code`, { code }, { from: `${prefix}/cart` });
  expect(res.status, code).toBe(422);
  const html = text(await res.text());
  expect(html).toContain(`<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}"`);
  // The field keeps what was typed, says it is wrong, names the sentence, which follows it in its form.
  const field = html.match(
    /<input id="promotion-code"[^>]*\/>[\s\S]*?<\/div><p id="promotion-code-error" class="field-error" role="alert">([^<]*)<\/p><\/form>/,
  );
  expect(field, code).not.toBeNull();
  expect(field![0]).toContain(`value="${code}"`);
  expect(field![0]).toContain('aria-invalid="true" aria-describedby="promotion-code-error"');
  expect(await bags(), "the bag as it was").toEqual(before);
  return field![1]!;
}

beforeEach(clearPromotions);
afterEach(() => {
  vi.useRealTimers();
});

describe.each(LANGUAGES)("a refused code on the bag's page ($locale)", (language) => {
  const { words } = language;

  it("says an empty field needs a code", async () => {
    const shopper = await shopperWithBag(language);
    expect(await refusal(shopper, language, "  ")).toBe(words.empty);
  });

  it("says a code that is no code isn't valid", async () => {
    await addPromotion({ name: "Welcome", code: "WELCOME5" });
    const shopper = await shopperWithBag(language);
    expect(await refusal(shopper, language, "WELCOME6")).toBe(words.unknown);
  });

  it("says a code can't be used yet a second before it starts, on a controlled clock", async () => {
    const start = Date.now() + 3600_000;
    await addPromotion({ name: "Eid", code: "EID10", startsAt: new Date(start).toISOString() });
    const shopper = await shopperWithBag(language);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start - 1_000);
    expect(await refusal(shopper, language, "eid10")).toBe(words.notStarted);
  });

  it("says a code has expired from the instant it ends, on a controlled clock", async () => {
    const end = Date.now() + 3600_000;
    await addPromotion({ name: "Summer", code: "SUMMER", endsAt: new Date(end).toISOString() });
    const shopper = await shopperWithBag(language);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(end);
    expect(await refusal(shopper, language, "SUMMER")).toBe(words.expired);
  });

  it("says a code whose uses are all taken is used up", async () => {
    await addPromotion({ name: "First hundred", code: "HUNDRED", usesMax: 100, uses: 100 });
    const shopper = await shopperWithBag(language);
    expect(await refusal(shopper, language, "HUNDRED")).toBe(words.usedUp);
  });

  it("tells a signed-in shopper who ordered with a once-each code that they used it", async () => {
    await addPromotion({ name: "Once each", code: "ONCE", usesPerShopper: 1 });
    const { browser: shopper } = await signedIn("authenticated");
    const { slug } = await firstProduct();
    await addToBag(shopper, language.prefix, slug, 1);
    expect((await shopper.post(`${language.prefix}/cart/code`, { code: "ONCE" }, { from: null })).status).toBe(303);
    await placeOrder(shopper, language.prefix);
    await addToBag(shopper, language.prefix, slug, 2);
    expect(await refusal(shopper, language, "ONCE")).toBe(words.usedByYou);
  });

  it("tells a signed-in shopper who ordered before that a first-order code is not theirs", async () => {
    await addPromotion({ name: "First order", code: "FIRST", firstOrderOnly: true });
    const { browser: shopper } = await signedIn("authenticated");
    const { slug } = await firstProduct();
    await addToBag(shopper, language.prefix, slug, 1);
    await placeOrder(shopper, language.prefix);
    await addToBag(shopper, language.prefix, slug, 2);
    expect(await refusal(shopper, language, "FIRST")).toBe(words.firstOrder);
  });

  it("names, in the page's language, the promotion a code cannot be combined with", async () => {
    const ramadan = { name: "Ramadan 15%", nameAr: "تخفيضات رمضان 15%" };
    await addPromotion({
      ...ramadan,
      applies: "auto",
      gives: { kind: "percent", percent: 15, cap: null },
      combinable: false,
      priority: 10,
    });
    await addPromotion({ name: "Extra 5", code: "EXTRA5" });
    const shopper = await shopperWithBag(language);
    const name = language.locale === "ar" ? ramadan.nameAr : ramadan.name;
    expect(await refusal(shopper, language, "EXTRA5")).toBe(fill(words.notCombinable, { name }));
  });

  it("says how much more to spend for a code with a minimum", async () => {
    const { price } = await firstProduct();
    await addPromotion({ name: "Big spend", code: "BIG", minSubtotal: price * 2 + 12_345 });
    const shopper = await shopperWithBag(language);
    const amount = formatPrice(language.locale, 12_345);
    expect(await refusal(shopper, language, "BIG")).toBe(fill(words.minimum, { amount }));
  });

  it("says how many more of its products a code with a minimum quantity needs", async () => {
    await addPromotion({ name: "Five or more", code: "FIVE", minQuantity: 5 });
    const shopper = await shopperWithBag(language);
    expect(await refusal(shopper, language, "FIVE")).toBe(fill(words.minimumQuantity, { count: 3 }));
  });

  it("says a code is for products that are not in the bag", async () => {
    const [, other] = await productSlugs("in_stock", 2);
    await addPromotion({ name: "Other product", code: "OTHER", target: { kind: "product", values: [other!] } });
    const shopper = await shopperWithBag(language);
    expect(await refusal(shopper, language, "OTHER")).toBe(words.noProducts);
  });
});
