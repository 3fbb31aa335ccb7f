import type { Browser } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { withBrowserAndShop } from "./browser-and-shop";
import { addFirstFromCategory, amount, fillContact, placeOrderButton, visibleTotal } from "./checkout-steps";
import { PHONE } from "./harness";
import type { TestShop } from "./shop";

/**
 * A delivery fee of an emirate's own (set on the desk) in what the checkout says, with and without script:
 * picking the emirate changes the summary's total and the button's to the ones drawn for it
 * (client/components/by-emirate.tsx, the style in client/styles/commerce.css), in any order, and the order is
 * placed at the total shown. This file runs its own shop so it can set the fees in its D1.
 */
let browser: Browser;
let shop: TestShop;
withBrowserAndShop({ timeout: 120_000 }, (started, startedShop) => {
  browser = started;
  shop = startedShop;
});

for (const js of [true, false]) {
  for (const lang of [
    { prefix: "", m: en },
    { prefix: "/ar", m: ar },
  ]) {
    describe(`an emirate's own delivery fee (${lang.prefix || "/en"}, ${js ? "with" : "without"} JavaScript)`, () => {
      it("is in the totals once the emirate is picked, and the order is placed at them", async () => {
        // Dubai AED 15, Sharjah AED 40, the others AED 25; cash on delivery adds AED 5.
        await shop.execute(
          "INSERT OR REPLACE INTO shop_settings (key, value, version) VALUES ('delivery', ?1, 1)",
          JSON.stringify({
            deliveryFee: 2500,
            deliveryFeeByEmirate: { Dubai: 1500, Sharjah: 4000 },
            freeDeliveryFrom: null,
            cashFee: 500,
            cashMax: null,
          }),
        );
        const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: js, baseURL: shop.url });
        const page = await context.newPage();
        const { m } = lang;
        await addFirstFromCategory(page, `${lang.prefix}/catalog/skincare`, m);
        await page.goto(`${lang.prefix}/cart/order`);
        const placeOrder = placeOrderButton(page, m);
        const emirate = page.getByLabel(m.checkout.labels.region, { exact: false });
        const button = async () => amount(await placeOrder.innerText());

        // No emirate yet: the others' fee.
        const others = await button();
        expect(await visibleTotal(page, ".summary-card")).toBe(others);
        await emirate.selectOption("Dubai");
        await expect.poll(button).toBeCloseTo(others - 10, 2);
        expect(await visibleTotal(page, ".summary-card")).toBe(others - 10);
        await emirate.selectOption("Sharjah");
        await expect.poll(button).toBeCloseTo(others + 15, 2);
        expect(await visibleTotal(page, ".summary-card")).toBe(others + 15);
        await emirate.selectOption("Ajman");
        await expect.poll(button).toBeCloseTo(others, 2);
        await emirate.selectOption("Dubai");
        await expect.poll(button).toBeCloseTo(others - 10, 2);

        await fillContact(page, m, "emirate");
        const labels = m.checkout.labels;
        await page.getByLabel(labels.address, { exact: false }).first().fill("Villa 12, Al Wasl Road");
        await page.getByLabel(labels.city, { exact: false }).first().fill("Dubai");
        await page.getByRole("checkbox", { name: m.checkout.consent }).check();
        await placeOrder.click();
        await page.getByRole("heading", { name: m.orders.isPlaced }).waitFor();
        expect(await visibleTotal(page, "main")).toBe(others - 10);
        await context.close();
      });
    });
  }
}
