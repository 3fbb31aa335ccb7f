import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { addFirstFromCategory, amount, fillContact, placeOrderButton, visibleTotal } from "./checkout-steps";
import { expectAccessible, launchBrowser, PHONE, shopUrl } from "./harness";

/**
 * What the checkout says a shopper will pay is what they pay, whichever way they get the order and in
 * whatever order they choose, with and without script: the summary's total and the button's follow
 * the delivery radio (the page's style shows the total drawn for the checked one), and the order is
 * placed at that total.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

for (const js of [true, false]) {
  for (const lang of [
    { prefix: "", m: en },
    { prefix: "/ar", m: ar },
  ]) {
    describe(`the checkout's total (${lang.prefix || "/en"}, ${js ? "with" : "without"} JavaScript)`, () => {
      it("follows the delivery chosen, in any order, and the order is placed at it", async () => {
        const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: js });
        const page = await context.newPage();
        const { m } = lang;
        await addFirstFromCategory(page, shopUrl(`${lang.prefix}/catalog/skincare`), m);
        await page.goto(shopUrl(`${lang.prefix}/cart/order`));
        const placeOrder = placeOrderButton(page, m);
        const transport = amount(await placeOrder.innerText());
        expect(await visibleTotal(page, ".summary-card")).toBe(transport);

        await page.getByRole("radio", { name: m.checkout.delivery.pickup }).check();
        const pickup = amount(await placeOrder.innerText());
        expect(pickup).toBeLessThan(transport);
        expect(await visibleTotal(page, ".summary-card")).toBe(pickup);
        await expect.poll(() => page.getByText(m.checkout.pickupNote).isVisible()).toBe(true);

        await page.getByRole("radio", { name: m.checkout.delivery.transport }).check();
        expect(amount(await placeOrder.innerText())).toBe(transport);
        await page.getByRole("radio", { name: m.checkout.delivery.pickup }).check();
        // axe runs as a script in the page: the page with script shows it the same markup.
        if (js) await expectAccessible(page);

        await fillContact(page, m, "pickup");
        await page.getByRole("checkbox", { name: m.checkout.consent }).check();
        await placeOrder.click();
        await page.getByRole("heading", { name: m.orders.isPlaced }).waitFor();
        expect(await visibleTotal(page, "main")).toBe(pickup);
        await context.close();
      });
    });
  }
}

describe("the checkout's fields say their rules", () => {
  for (const js of [true, false]) {
    it(`asks a delivery for its address (an emirate of seven), a pickup for none, and ticks consent from its words (${js ? "with" : "without"} JavaScript)`, async () => {
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: js });
      const page = await context.newPage();
      await addFirstFromCategory(page, shopUrl("/catalog/skincare"), en);
      await page.goto(shopUrl("/cart/order"));
      const labels = en.checkout.labels;
      await page.getByRole("radio", { name: en.checkout.delivery.transport }).check();
      const emirate = page.getByLabel(new RegExp(`^${labels.region}`));
      expect(await emirate.evaluate((el) => el.tagName)).toBe("SELECT");
      expect(await emirate.locator("option").allInnerTexts()).toEqual([
        en.checkout.chooseEmirate,
        ...Object.values(en.checkout.emirates),
      ]);
      // Needed for delivery, so not called optional; no postcode in a country without them.
      for (const label of [labels.address, labels.city, labels.region]) {
        expect(await page.locator("label", { hasText: new RegExp(`^${label}`) }).innerText()).not.toContain("optional");
      }
      expect(await page.getByLabel(new RegExp(`^${labels.postcode}`)).count()).toBe(0);
      // Needed, and said so to a screen reader too (the star beside the label is not read).
      expect(await page.getByLabel(new RegExp(`^${labels.address}`)).getAttribute("aria-required")).toBe("true");
      await page.getByRole("radio", { name: en.checkout.delivery.pickup }).check();
      await page.getByLabel(new RegExp(`^${labels.address}`)).waitFor({ state: "hidden" });
      // The sentence ticks the box; the policy is a link of its own.
      const consent = page.getByRole("checkbox", { name: en.checkout.consent });
      await page.getByText(en.checkout.consent).click();
      await expect.poll(() => consent.isChecked()).toBe(true);
      expect(await page.getByRole("link", { name: en.checkout.privacyLink }).getAttribute("href")).toBe(
        "/privacy-policy",
      );
      await context.close();
    });
  }
});
