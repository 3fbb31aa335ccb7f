import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, loaded, PHONE } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/**
 * A sale on a card as a shopper sees it (docs/decisions/0120-sale-prices-on-the-catalogue.md): the sale
 * price, the old one struck through and the "−20%" badge, on a phone and a desktop, in English and
 * Arabic, with axe passing. Screenshots go to /tmp/sale-shots to be looked at. This file runs its own
 * shop so it can add the sale to its D1 before any page is kept.
 */
const TONER = "maison-lumiere-rose-ritual-soothing-toner"; // AED 99
let browser: Browser;
let shop: TestShop;

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
  await shop.execute(
    `INSERT INTO promotions (name, applies, gives_json, target_kind, target_values)
     VALUES ('Toner week', 'auto', ?1, 'product', ?2)`,
    JSON.stringify({ kind: "percent", percent: 20, cap: null }),
    JSON.stringify([TONER]),
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

describe("a card with a sale", () => {
  for (const [locale, texts, prefix] of [
    ["en", en, ""],
    ["ar", ar, "/ar"],
  ] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      it(`shows the sale price, the old one struck through and the badge (${locale}, ${viewport.width} px)`, async () => {
        const context = await browser.newContext({ viewport, baseURL: shop.url });
        const page = await context.newPage();
        await page.goto(`${prefix}/catalog/skincare`);
        const card = page.locator(".product-card", { has: page.locator(`a[href$="/${TONER}"]`) });
        await card.scrollIntoViewIfNeeded();
        const price = card.locator(".price");
        expect(await price.locator(".price__now").innerText()).toMatch(/79[.٫]20|٧٩٫٢٠/);
        expect(await price.locator("del.price__old").isVisible()).toBe(true);
        expect(await price.locator("del.price__old .visually-hidden").textContent()).toBe(texts.product.was);
        const badge = price.locator(".price__badge");
        expect(await badge.isVisible()).toBe(true);
        expect(await badge.locator("[aria-hidden]").innerText()).toMatch(/^−(20|٢٠)[%٪]$/);
        // The badge sits inside the card, on the price's line or the next, not over the buttons.
        const [box, cardBox] = [await badge.boundingBox(), await card.boundingBox()];
        expect(box!.x).toBeGreaterThanOrEqual(cardBox!.x);
        expect(box!.x + box!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
        await keepShot(card, `card-${locale}-${viewport.width}.png`);
        await keepShot(page, `listing-${locale}-${viewport.width}.png`);
        await expectAccessible(page);
        await context.close();
      }, 60_000);
    }
  }

  it("shows the same in quick view, with axe passing", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.url });
    const page = await context.newPage();
    await page.goto("/catalog/skincare");
    await loaded(page);
    const card = page.locator(".product-card", { has: page.locator(`a[href$="/${TONER}"]`) });
    const name = (await card.locator(".product-card__name").innerText()).trim();
    const island = card.locator("[data-island='quick-view']");
    await island.hover();
    await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
    await card.getByRole("button", { name: new RegExp(`^Quick view\\s*:\\s*${name}$`) }).click();
    const dialog = page.getByRole("dialog", { name });
    await dialog.getByRole("heading", { name }).waitFor();
    expect(await dialog.locator(".price__now").innerText()).toBe("AED 79.20");
    expect(await dialog.locator("del.price__old").innerText()).toContain("AED 99.00");
    expect(await dialog.locator(".price__badge").innerText()).toContain("−20%");
    await keepShot(page, `quick-view-en-1280.png`);
    await expectAccessible(page);
    await context.close();
  }, 60_000);

  it("shows the same on the product page, with axe passing", async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
    const page = await context.newPage();
    await page.goto(`/catalog/skincare/${TONER}`);
    const price = page.locator(".product-details .price");
    expect(await price.locator(".price__now").innerText()).toBe("AED 79.20");
    expect(await price.locator("del.price__old").innerText()).toContain("AED 99.00");
    expect(await price.locator(".price__badge").innerText()).toContain("−20%");
    await price.scrollIntoViewIfNeeded();
    await keepShot(page, `product-en-390.png`);
    await expectAccessible(page);
    await context.close();
  }, 60_000);
});
