import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { withBrowserAndShop } from "./browser-and-shop";
import { addFirstFromCategory, fillContact, placeOrderButton } from "./checkout-steps";
import { DESKTOP, loaded } from "./harness";
import type { TestShop } from "./shop";
import { onTheDesk } from "./staff-account";

/**
 * A code whose effect is a gift (docs/promotions.md): made by a staff member on the desk's form, then
 * typed by shoppers in the bag's code field in English and under /ar, with and without JavaScript. The
 * gift is a line at 0 named in the page's language, in the bag and on the order placed with it.
 */
const GIFT = { slug: "maison-lumiere-soleil-hydrating-serum", sku: "MAI-SOL-0010-10MLTRAVEL" }; // 10 ml travel size
/** The gift's product and size in each language (worker/cms/seed/products.json, worker/cms/seed/ar.json). */
const GIFT_NAME = { en: "Soleil Hydrating Serum", ar: "سيروم سولاي المرطّب" };
const GIFT_SIZE = { en: "10 ml travel size", ar: "10 مل، حجم السفر" };
const PROMOTION = { en: "A travel serum with your code", ar: "سيروم بحجم السفر مع رمزك" };
const CODE = "SERUMGIFT";
let browser: Browser;
let shop: TestShop;

withBrowserAndShop({ timeout: 120_000 }, (started, test) => {
  browser = started;
  shop = test;
});

/** The desk's add form on /staff/promotions, filled and sent as a staff member does. */
async function addGiftCode(page: Page): Promise<void> {
  await page.goto("/staff/promotions");
  const form = page.locator("form.staff-promotions-add");
  const selects = { "How it applies": "code", "What it gives": "gift", "On what": "order" };
  for (const [label, value] of Object.entries(selects))
    await form.getByLabel(label, { exact: true }).selectOption(value);
  const fields = {
    "Name (shoppers read it on the discount line)": PROMOTION.en,
    [en.promotions.deskNameAr.label]: PROMOTION.ar,
    "Code (for one shared code; single-use codes are made on its page)": CODE.toLowerCase(),
    "Gift: product slug": GIFT.slug,
    "Gift: variant SKU (a shade or size; empty for none)": GIFT.sku,
  };
  for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole("button", { name: "Add promotion" }).click();
  await page.waitForURL(/\/staff\/promotions\/\d+$/);
}

describe("a gift code typed by a shopper", () => {
  it("is made on the desk as a code that gives the travel size", async () => {
    const account = { username: "reemgift", email: "reem.gift@noorbeauty.example", password: "Desk-shift-2026" };
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.url });
    const desk = await context.newPage();
    await onTheDesk(desk, shop, account);
    await addGiftCode(desk);
    const fact = (term: string) => desk.locator(`dt:text-is("${term}") + dd`).innerText();
    expect(await fact("Applies")).toBe("With a code (1 code)");
    expect(await fact("Gives")).toBe(`A gift: ${GIFT.slug} (${GIFT.sku}), SKU ${GIFT.sku}, while its stock lasts`);
    await context.close();
  }, 60_000);

  for (const js of [true, false]) {
    for (const lang of [
      { prefix: "", locale: "en", m: en },
      { prefix: "/ar", locale: "ar", m: ar },
    ] as const) {
      it(`puts the gift at 0 in the bag and the order (${lang.prefix || "/en"}, ${js ? "with" : "without"} JavaScript)`, async () => {
        const { m, prefix, locale } = lang;
        const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.url, javaScriptEnabled: js });
        const page = await context.newPage();
        await addFirstFromCategory(page, `${prefix}/catalog/skincare`, m);
        await page.goto(`${prefix}/cart`);
        await loaded(page);
        const gift = page.locator(".cart-line--gift");
        expect(await gift.count(), "no gift before the code").toBe(0);

        const codeForm = page.locator(".code-form");
        await codeForm.getByLabel(m.promotions.codeLabel).fill(` ${CODE.toLowerCase()} `);
        await codeForm.getByRole("button", { name: m.promotions.apply, exact: true }).click();
        await page.getByText(m.promotions.applied.replace("{code}", CODE)).waitFor();
        await gift.waitFor();
        expect(await gift.locator(".cart-line__name").innerText()).toBe(
          m.promotions.gift.replace("{name}", `${GIFT_NAME[locale]} — ${GIFT_SIZE[locale]}`),
        );
        expect(await gift.locator(".cart-line__price").innerText()).toBe(m.promotions.giftFree);
        expect(await gift.innerText()).toContain(PROMOTION[locale]);

        await page.goto(`${prefix}/cart/order`);
        await loaded(page);
        await page.getByRole("radio", { name: m.checkout.delivery.pickup }).check();
        await fillContact(page, m, `gift-${locale}-${js ? "js" : "nojs"}`);
        await page.getByRole("checkbox", { name: m.checkout.consent }).check();
        await placeOrderButton(page, m).click();
        await page.getByRole("heading", { name: m.orders.isPlaced }).waitFor();
        const line = page.locator("main table.order-lines tbody tr", { hasText: GIFT_NAME[locale] });
        expect(await line.count(), "the order carries the gift").toBe(1);
        const cells = await line.locator("td").allInnerTexts();
        expect(cells[1]).toBe("1");
        expect(Number(cells[2]!.match(/[\d.]+/)?.[0])).toBe(0);
        await context.close();
      }, 60_000);
    }
  }
});
