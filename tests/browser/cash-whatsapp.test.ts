import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { addFirstFromCategory, amount, fillContact } from "./checkout-steps";
import { expectAccessible, launchBrowser, PHONE } from "./harness";
import { startTestShop, type TestShop } from "./shop";
import { signInToDesk, signUpAsStaff } from "./staff-account";

/**
 * Cash on delivery as a shopper on a phone meets it (docs/promotions.md): the fee the desk set is in the
 * summary and the button while cash is chosen, and gone when the card is; after the order, "Confirm on
 * WhatsApp" opens a chat with the shop's number and the order's number typed in. This file runs its own
 * shop so it can set the fee in its D1.
 */
let browser: Browser;
let shop: TestShop;

beforeAll(async () => {
  [browser, shop] = await Promise.all([
    launchBrowser(),
    startTestShop({ STRIPE_SECRET_KEY: "sk_test_cod", STRIPE_WEBHOOK_SECRET: "whsec_cod" }),
  ]);
  await shop.execute(
    "INSERT OR REPLACE INTO shop_settings (key, value, version) VALUES ('delivery', ?1, 1)",
    JSON.stringify({ deliveryFee: 2500, freeDeliveryFrom: null, cashFee: 900, cashMax: null }),
  );
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

/** The cash orders placed above, for the desk below. */
const placed: string[] = [];

async function visible(page: Page, selector: string): Promise<string[]> {
  const shown: string[] = [];
  for (const item of await page.locator(selector).all()) if (await item.isVisible()) shown.push(await item.innerText());
  return shown;
}

for (const js of [true, false]) {
  describe(`a cash order on a phone (${js ? "with" : "without"} JavaScript)`, () => {
    it("shows the cash fee before the order is sent, then offers Confirm on WhatsApp", async () => {
      const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url, javaScriptEnabled: js });
      const page = await context.newPage();
      await addFirstFromCategory(page, "/catalog/skincare", en);
      await page.goto("/cart/order");
      const placeOrder = page.getByRole("button", { name: /^Place order/ });
      await page.getByRole("radio", { name: en.checkout.payment.online }).check();
      expect(await visible(page, ".summary-card dt")).not.toContain(en.promotions.codFee);
      const byCard = amount(await placeOrder.innerText());
      await page.getByRole("radio", { name: en.checkout.payment.cash }).check();
      expect(await visible(page, ".summary-card dt")).toContain(en.promotions.codFee);
      const inCash = amount(await placeOrder.innerText());
      expect(inCash - byCard).toBeCloseTo(9, 2);
      expect((await visible(page, ".summary-card .totals__total dd")).map(amount)).toEqual([inCash]);
      if (js) await expectAccessible(page);

      const labels = en.checkout.labels;
      await fillContact(page, en, "cash");
      await page.getByLabel(new RegExp(`^${labels.address}`)).fill("Villa 12, Al Wasl Road");
      await page.getByLabel(new RegExp(`^${labels.city}`)).fill("Dubai");
      await page.getByLabel(new RegExp(`^${labels.region}`)).selectOption("Dubai");
      await page.getByRole("checkbox", { name: en.checkout.consent }).check();
      await placeOrder.click();
      await page.getByRole("heading", { name: en.orders.isPlaced }).waitFor();
      const number = /\/cart\/order\/([^/?#]+)/.exec(page.url())![1]!;
      placed.push(number);
      const confirm = page.getByRole("link", { name: en.whatsapp.confirm });
      const href = new URL((await confirm.getAttribute("href"))!);
      expect(href.origin + href.pathname).toBe("https://wa.me/971504127730");
      const text = href.searchParams.get("text")!;
      expect(text.split("\n")[0]).toBe(`Hello, I would like to confirm my order ${number}.`);
      expect(text).toContain(`Total: AED ${inCash.toFixed(2)}`);
      expect(text).toContain("Address: Villa 12, Al Wasl Road, Dubai, Dubai");
      if (js) await expectAccessible(page);
      await context.close();
    });
  });
}

/** A staff account: signed up through the shop, then given the role as the owner would. */
async function staffMember(): Promise<{ email: string; password: string }> {
  const tag = crypto.randomUUID().slice(0, 8);
  const account = { username: `desk${tag}`, email: `desk.${tag}@noorbeauty.example`, password: "Desk-shift-2026" };
  const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
  const page = await context.newPage();
  await signUpAsStaff(page, shop, account);
  await context.close();
  return account;
}

describe("the desk's cash orders to confirm, on a phone", () => {
  it("lists them first with a message to the shopper, and confirms one with the shopper", async () => {
    expect(placed.length).toBeGreaterThan(0);
    const account = await staffMember();
    const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
    const page = await context.newPage();
    await signInToDesk(page, account);

    await page.goto("/staff/orders");
    const waiting = page.getByRole("region", { name: "Cash orders to confirm", exact: true });
    await waiting.waitFor();
    const number = placed[0]!;
    const row = waiting.getByRole("row", { name: new RegExp(number) });
    await row.waitFor();
    const message = row.getByRole("link", { name: en.whatsapp.message });
    const href = new URL((await message.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://wa.me/971501234567");
    expect(href.searchParams.get("text")).toContain(number);
    // Nothing wider than the phone, and every part reachable and named.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    await row.getByRole("button", { name: /^Confirmed with the shopper/ }).click();
    await page.waitForURL(/\/staff\/orders$/);
    await page.getByText(`Order ${number}: confirmed with the shopper.`).waitFor();
    expect(
      await page.getByRole("region", { name: "Cash orders to confirm", exact: true }).getByText(number).count(),
    ).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
