import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { addFirstFromCategory, amount } from "./checkout-steps";
import { DESKTOP, launchBrowser } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/**
 * A discount code as a shopper uses it, without JavaScript (docs/promotions.md): typed in the bag's own
 * form, the discount shown as a line by name with the total after it, the order placed, and the
 * discount on the confirmation. This file runs its own shop so it can add the promotion to its D1.
 */
let browser: Browser;
let shop: TestShop;

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
  await shop.execute(
    `INSERT INTO promotions (name, applies, gives_json, combinable, priority) VALUES ('Welcome gift card', 'code', ?1, 1, 0)`,
    JSON.stringify({ kind: "fixed", amount: 2000 }),
  );
  await shop.execute(
    "INSERT INTO promotion_codes (code, promotion_id) VALUES ('HELLO20', (SELECT id FROM promotions WHERE name = 'Welcome gift card'))",
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

describe("a discount code without JavaScript", () => {
  it("applies in the bag, shows the discount line and the total, and the confirmation keeps it", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shop.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await addFirstFromCategory(page, "/catalog/skincare", en);
    await page.goto("/cart");
    const summary = page.getByRole("complementary", { name: en.bag.summaryLabel });
    const before = amount(await summary.locator(".totals__total dd").innerText());

    // A wrong code first: the sentence beside the field, the bag kept.
    await page.getByLabel(en.promotions.codeLabel).fill("NOPE");
    await page.getByRole("button", { name: en.promotions.apply }).click();
    await page.getByText(en.promotions.refused.unknown).waitFor();
    expect(await page.getByLabel(en.promotions.codeLabel).getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel(en.promotions.codeLabel).fill(" hello20 ");
    await page.getByRole("button", { name: en.promotions.apply }).click();
    await page.getByText("Code HELLO20 applied.").waitFor();
    const line = summary.locator(".totals__discount");
    expect(await line.locator("dt").innerText()).toContain("Welcome gift card (code HELLO20)");
    expect(amount(await line.locator("dd").innerText())).toBe(20);
    const after = amount(await summary.locator(".totals__total dd").innerText());
    expect(after).toBeCloseTo(before - 20, 2);

    await page.goto("/cart/order");
    const labels = en.checkout.labels;
    await page.getByLabel(labels.firstName, { exact: false }).first().fill("Mariam");
    await page.getByLabel(labels.lastName, { exact: false }).first().fill("Al Suwaidi");
    await page.getByLabel(labels.email, { exact: false }).first().fill("code.shopper@example.ae");
    await page.getByLabel(labels.phone, { exact: false }).first().fill("050 123 4567");
    await page.getByRole("radio", { name: en.checkout.delivery.transport }).check();
    await page.getByLabel(/^Address/).fill("Villa 12, Al Wasl Road");
    await page.getByLabel(/^City/).fill("Dubai");
    await page.getByLabel(/^Emirate/).selectOption("Dubai");
    await page.getByRole("checkbox", { name: en.checkout.consent }).check();
    await page.getByRole("button", { name: /Place order/ }).click();
    await page.getByRole("heading", { name: en.orders.isPlaced }).waitFor();
    const confirmation = page.locator("main .totals__discount");
    expect(await confirmation.locator("dt").innerText()).toContain("Welcome gift card (code HELLO20)");
    expect(amount(await confirmation.locator("dd").innerText())).toBe(20);
    expect(amount(await page.locator("main .totals__total dd").innerText())).toBeCloseTo(after, 2);
    await context.close();
  }, 60_000);
});
