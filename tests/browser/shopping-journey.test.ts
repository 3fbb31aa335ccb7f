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

describe("a kept page with the shopper's parts", () => {
  it("shows the right header counts after adding to the bag on a page served from the shared copy", async () => {
    // Other visitors have seen the category first, so its shell is kept before this shopper comes
    // (a kept shell answers with an ETag; keeping it runs just after the first answer, so ask a few times).
    for (let attempt = 0; attempt < 50; attempt++) {
      const seen = await fetch(shopUrl("/catalog/fragrance"));
      await seen.arrayBuffer();
      if (seen.headers.get("etag")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const response = await page.goto(shopUrl("/catalog/fragrance"));
    expect(response?.headers().etag).toBeTruthy();
    await page.getByRole("link", { name: /Bag, 0 items/ }).waitFor({ state: "attached" });
    const card = page.locator(".product-card", { has: page.getByRole("button", { name: /^Add to bag/ }) }).first();
    await card.getByRole("button", { name: /^Add to bag/ }).click();
    // The counter moves at once (optimistic); the shop's answer, with the visitor's cookie, comes with the message.
    await page.locator("[data-counter='bag']", { hasText: "1" }).waitFor();
    await card.getByText(/is in your bag\./).waitFor();
    await card.getByRole("button", { name: /^Save .* to favourites$/ }).click();
    await page.waitForURL(/\/catalog\/fragrance/);
    await page.getByText("Saved to your favourites.").waitFor();
    // The same kept page, now with this shopper's bag, favourite and pressed heart filled in.
    await page.getByRole("link", { name: /Bag, 1 items/ }).waitFor({ state: "attached" });
    await page.getByRole("link", { name: /Favourites, 1 items/ }).waitFor({ state: "attached" });
    expect(await page.locator('.product-card button[aria-pressed="true"]').count()).toBe(1);
    await page.reload();
    expect(await page.getByText("Saved to your favourites.").count()).toBe(0);
    await page.getByRole("link", { name: /Bag, 1 items/ }).waitFor({ state: "attached" });
    await expectAccessible(page);
    await context.close();
  });
});
