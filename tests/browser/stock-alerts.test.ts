import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, keepShot, launchBrowser, PHONE } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/**
 * "Tell me when it's back" in Chromium, without JavaScript's help (a plain form): a shopper on a
 * sold-out shade leaves an address, reads the message on the page, and follows the e-mailed link.
 * This file runs its own shop so it can read the outbox from D1.
 */
let browser: Browser;
let shop: TestShop;

/** A product D1 counts at 0 in every shade (set below), so its page offers the alert (decision 0107). */
const SOLD_OUT = "/catalog/makeup/velvet-hue-lips-brow-sculpt-pencil";

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
  await shop.execute(
    "UPDATE stock_levels SET on_hand = 0 WHERE product_slug = ?1",
    "velvet-hue-lips-brow-sculpt-pencil",
  );
});
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

async function newPage(javaScript: boolean): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: shop.url, javaScriptEnabled: javaScript });
  return context.newPage();
}

describe("tell me when it's back", () => {
  it.each([
    ["without JavaScript", false],
    ["with JavaScript", true],
  ])("subscribes from a sold-out shade and confirms by the e-mailed link (%s)", async (_, javaScript) => {
    const email = `noor.${Date.now().toString(36)}${javaScript ? "js" : "plain"}@example.com`;
    const page = await newPage(javaScript);
    await page.goto(SOLD_OUT);
    const form = page.getByRole("region", { name: "Tell me when it's back" });
    await form.waitFor();
    // axe runs in the page: only where scripts may run.
    if (javaScript) await expectAccessible(page);
    if (!javaScript) await keepShot(page.locator(".buy-box"), `stock-alert-form-390.png`);

    // A mistake first: the message sits beside the field and the address typed stays.
    await form.getByLabel("E-mail").fill("noor@nowhere");
    await form.getByRole("button", { name: /Notify me/ }).click();
    await page.waitForLoadState();
    await page.getByText("Enter an e-mail address like name@example.com.").waitFor();
    if (javaScript) await expectAccessible(page);

    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: /Notify me/ }).click();
    await page.waitForURL(/\/catalog\/makeup\/velvet-hue-lips-brow-sculpt-pencil\?variant=/);
    await page.getByText(/Check your inbox to confirm: we'll send you one e-mail when/).waitFor();

    const [confirmation] = await shop.readOutbox(email);
    expect(confirmation?.kind).toBe("stock-alert-confirmation");
    const link = confirmation?.body_text.match(/\/stock-alerts\/confirm\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole("heading", { name: "You're on the list" }).waitFor();
    if (javaScript) await expectAccessible(page);
    if (!javaScript) await keepShot(page, `stock-alert-confirmed-390.png`);
    await page.context().close();
  });
});
