import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { withBrowserAndShop } from "./browser-and-shop";
import { addFirstFromCategory } from "./checkout-steps";
import { expectAccessible, keepShot, PHONE } from "./harness";
import type { TestShop } from "./shop";

/**
 * A guest's way back to their order (decision 0112), in Chromium at a phone's width: an order placed in
 * one browser is found in a fresh one with the order lookup, and opened there from the link in its
 * e-mail (read from the shop's outbox). The e-mails themselves are drawn too, in both languages.
 */
let browser: Browser;
let shop: TestShop;

withBrowserAndShop({}, (started, test) => {
  browser = started;
  shop = test;
});

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url });
  return context.newPage();
}

/** A pickup order placed through the shop's pages in a browser of its own; its number and e-mail. */
async function placeOrder(prefix: string, m: typeof en | typeof ar): Promise<{ number: string; email: string }> {
  const page = await freshPage();
  await addFirstFromCategory(page, `${prefix}/catalog/skincare`, m);
  await page.goto(`${prefix}/cart/order`);
  await page.getByRole("radio", { name: m.checkout.delivery.pickup }).check();
  const labels = m.checkout.labels;
  const email = `guest.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  await page.getByLabel(labels.firstName, { exact: false }).first().fill("Mariam");
  await page.getByLabel(labels.lastName, { exact: false }).first().fill("Al Suwaidi");
  await page.getByLabel(labels.email, { exact: false }).first().fill(email);
  await page.getByLabel(labels.phone, { exact: false }).first().fill("050 123 4567");
  await page.getByRole("checkbox", { name: m.checkout.consent }).check();
  await page.getByRole("button", { name: new RegExp(`^${m.checkout.placeOrder.split("·")[0]!.trim()}`) }).click();
  await page.getByRole("heading", { name: m.orders.isPlaced }).waitFor();
  const number = page.url().match(/NB-\d{4}-[A-Z0-9]{6}/)![0];
  await page.context().close();
  return { number, email };
}

describe("a guest's way back to their order", () => {
  it("finds the order with the lookup in a fresh browser, and opens it from the e-mail's link", async () => {
    const { number, email } = await placeOrder("", en);
    const page = await freshPage();
    await page.goto("/user/login");
    await page.getByRole("link", { name: en.orderLookup.guestLink }).click();
    await page.getByRole("heading", { name: en.orderLookup.title }).waitFor();
    await expectAccessible(page);

    // A wrong e-mail first: the one sentence, the words typed kept.
    await page.getByLabel(en.orderLookup.number).fill(number);
    await page.getByLabel(en.orderLookup.contact).fill("someone@example.ae");
    await page.getByRole("button", { name: en.orderLookup.submit }).click();
    await page.getByText(en.orderLookup.notFound).waitFor();
    expect(await page.getByLabel(en.orderLookup.number).inputValue()).toBe(number);
    await expectAccessible(page);

    await page.getByLabel(en.orderLookup.contact).fill("+971 50 123 4567");
    await page.getByRole("button", { name: en.orderLookup.submit }).click();
    await page.getByRole("heading", { name: en.orders.isPlaced }).waitFor();
    expect(page.url()).toMatch(new RegExp(`/cart/order/${number}\\?key=[A-Za-z0-9_-]{22}$`));
    await expectAccessible(page);
    await page.context().close();

    const [confirmation] = await shop.readOutbox(email);
    expect(confirmation?.kind).toBe("order-confirmation");
    const link = confirmation!.body_text.match(/https?:\/\/\S+\/cart\/order\/NB-\S+/)![0];
    const mailPage = await freshPage();
    await mailPage.goto(new URL(link).pathname + new URL(link).search);
    await mailPage.getByRole("heading", { name: en.orders.isPlaced }).waitFor();
    await mailPage.getByText(number).first().waitFor();
    await mailPage.context().close();
  });

  it("draws the order e-mail in both languages, its link the order page's, Arabic right to left", async () => {
    for (const [prefix, m, lang] of [
      ["", en, "en"],
      ["/ar", ar, "ar"],
    ] as const) {
      const { number, email } = await placeOrder(prefix, m);
      const [mail] = await shop.readOutbox(email);
      expect(mail?.body_html).toBeTruthy();
      const page = await freshPage();
      await page.setContent(mail!.body_html!);
      expect(await page.locator("html").getAttribute("dir")).toBe(lang === "ar" ? "rtl" : "ltr");
      // The order page's link (the tax invoice's, decision 0116, follows it under its own path).
      const href = await page.getByRole("link", { name: /\/cart\/order\/NB-[^/]+\?key=/ }).getAttribute("href");
      expect(href).toContain(`${prefix}/cart/order/${number}?key=`);
      const invoice = await page.getByRole("link", { name: /\/invoice\?key=/ }).getAttribute("href");
      expect(invoice).toContain(`${prefix}/cart/order/${number}/invoice?key=`);
      await keepShot(page, `order-confirmation-${lang}-390.png`, { fullPage: true });
      await page.goto(new URL(href!).pathname + new URL(href!).search);
      await page.getByRole("heading", { name: m.orders.isPlaced }).waitFor();
      await page.context().close();
    }
  });
});
