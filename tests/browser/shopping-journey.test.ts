import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, launchBrowser, PHONE, shopUrl } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function journey(page: Page, shots: string, js: boolean): Promise<void> {
  // axe runs as a script in the page, so only where scripts run.
  const checkA11y = () => (js ? expectAccessible(page) : Promise.resolve());
  await page.goto(shopUrl("/"));
  await page.getByRole("link", { name: "Shop the catalog" }).click();
  await page.getByRole("heading", { name: "Catalog", level: 1 }).waitFor();
  await checkA11y();
  await page.locator(".category-card", { hasText: "Skincare" }).click();
  await page.getByRole("heading", { name: "Skincare", level: 1 }).waitFor();
  await checkA11y();

  // Narrow to one maker with the plain GET filter form.
  await page.getByRole("checkbox", { name: "Maison Lumière" }).check();
  await page.getByRole("button", { name: "Show products" }).click();
  await page.waitForURL(/maker=maison-lumiere/);
  const product = page.locator(".product-card", { has: page.getByRole("button", { name: /^Add to bag/ }) }).first();
  const name = (await product.locator(".product-card__name").innerText()).trim();
  await product.locator(".product-card__name a").click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
  await checkA11y();
  await page.screenshot({ path: `/tmp/shots/${shots}-product.png`, fullPage: true });

  await page.getByLabel("Quantity").fill("2");
  await page
    .locator(".buy-box")
    .getByRole("button", { name: /^Add to bag/ })
    .click();
  await page.getByText(`${name} is in your bag.`).waitFor();
  await page.getByRole("link", { name: /Bag, 2 items/ }).click();
  await page.getByRole("heading", { name: "Shopping bag" }).waitFor();
  await checkA11y();
  await page.screenshot({ path: `/tmp/shots/${shots}-bag.png`, fullPage: true });
  await page.getByRole("link", { name: "Proceed to checkout" }).click();
  await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();

  // A mistake first: the error shows beside the field and the rest is kept.
  await page.getByLabel(/First name/).fill("Layla");
  await page.getByLabel(/Last name/).fill("Haddad");
  await page.getByLabel(/E-mail/).fill("layla@");
  await page.getByLabel(/^Phone/).fill("050 765 4321");
  await page.getByLabel(/^Address/).fill("Apartment 804, Marina Gate 2");
  await page.getByLabel(/^City/).fill("Dubai");
  await page.getByLabel(/Emirate or country/).fill("Dubai");
  await page.getByRole("checkbox", { name: "By leaving a request, you agree to the privacy policy" }).check();
  await page.getByRole("button", { name: /Place order/ }).click();
  await page.getByText("This e-mail doesn't look right").first().waitFor();
  expect(await page.getByLabel(/First name/).inputValue()).toBe("Layla");
  await checkA11y();
  await page.screenshot({ path: `/tmp/shots/${shots}-checkout-error.png`, fullPage: true });

  await page.getByLabel(/E-mail/).fill("layla@example.ae");
  await page.getByRole("checkbox", { name: "By leaving a request, you agree to the privacy policy" }).check();
  await page.getByRole("button", { name: /Place order/ }).click();
  await page.getByRole("heading", { name: "Your order is placed" }).waitFor();
  expect(
    await page
      .getByText(/NB-\d{4}-[A-Z0-9]{6}/)
      .first()
      .isVisible(),
  ).toBe(true);
  expect(await page.getByRole("cell", { name: new RegExp(name) }).count()).toBe(1);
  await checkA11y();
  await page.screenshot({ path: `/tmp/shots/${shots}-confirmation.png`, fullPage: true });
  await page.getByRole("link", { name: /Bag, 0 items/ }).waitFor({ state: "attached" });
}

describe("a new shopper's journey from the home page to the confirmation", () => {
  it("works with JavaScript, on a phone", async () => {
    const context = await browser.newContext({ viewport: PHONE });
    await journey(await context.newPage(), "journey-js-390", true);
    await context.close();
  });

  it("works without JavaScript, on a desktop", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    await journey(await context.newPage(), "journey-nojs-1280", false);
    await context.close();
  });
});
