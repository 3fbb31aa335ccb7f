import type { Browser, BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withBrowserAndShop } from "./browser-and-shop";
import { expectAccessible, keepShot, PHONE } from "./harness";
import type { TestShop } from "./shop";
import { signInToDesk, signUpAsStaff } from "./staff-account";

/**
 * One stock truth in Chromium (decision 0107): the seed's foundation has no availability in the CMS and
 * D1 counts its shades (Sand 15, Honey 0). The shop sells Sand and offers "tell me when it's back" on Honey
 * alone; the desk imports a delivery by a preview (before → after) and a confirm that adds once.
 */
let browser: Browser;
let shop: TestShop;
const FOUNDATION = "/catalog/makeup/velvet-hue-eyes-long-wear-foundation";

withBrowserAndShop({}, (started, test) => {
  browser = started;
  shop = test;
});

function newContext(javaScript = true): Promise<BrowserContext> {
  return browser.newContext({ viewport: PHONE, baseURL: shop.url, javaScriptEnabled: javaScript });
}

async function staffPage(tag: string): Promise<Page> {
  const account = { username: `hessa${tag}`, email: `hessa.${tag}@noorbeauty.example`, password: "Desk-shift-2026" };
  const context = await newContext();
  const page = await context.newPage();
  await signUpAsStaff(page, shop, account);
  await context.close();
  const desk = await (await newContext()).newPage();
  await signInToDesk(desk, account);
  return desk;
}

describe("the shop and the desk agree on stock", () => {
  it("offers the back-in-stock form on the shade D1 says is sold out, and sells the one D1 has", async () => {
    const page = await (await newContext(false)).newPage();
    await page.goto(`${FOUNDATION}?variant=VEL-EYE-0038-HONEY`);
    const form = page.getByRole("region", { name: "Tell me when it's back" });
    await form.waitFor();
    await form.getByLabel("E-mail").waitFor();
    await keepShot(page.locator(".product-details"), `stock-truth-sold-out-390.png`);

    await page.goto(`${FOUNDATION}?variant=VEL-EYE-0038-SAND`);
    await page.locator(".product-details").getByText("In stock", { exact: true }).waitFor();
    const add = page.locator(".product-details").getByRole("button", { name: /^Add to bag/ });
    await add.waitFor();
    expect(await add.isDisabled()).toBe(false);
    expect(await page.getByRole("region", { name: "Tell me when it's back" }).count()).toBe(0);
    await page.context().close();
  });

  it("imports a delivery from a phone: a mistake summarised first and focused, then a preview, then added once", async () => {
    const page = await staffPage(Date.now().toString(36));
    await page.goto("/staff/products");
    await page.getByRole("heading", { name: "Products and stock", level: 1 }).waitFor();
    const lines = page.getByLabel("Lines (sku,number)");
    await page.getByRole("radio", { name: /A delivery: add these numbers/ }).check();
    await lines.fill("VEL-EYE-0038-SAND,12\nNO-SUCH-SKU,3");
    await page.getByRole("button", { name: "Preview the import" }).click();
    const problems = page.getByRole("alert").filter({ hasText: "Nothing was imported" });
    await problems.waitFor();
    await expect.poll(() => problems.evaluate((el) => el === document.activeElement)).toBe(true);
    // At the top: above the product list, in view without scrolling.
    const box = await problems.boundingBox();
    expect(box!.y).toBeLessThan(PHONE.height);
    await expectAccessible(page);
    await keepShot(page, `stock-import-error-390.png`);

    await page.getByLabel("Lines (sku,number)").fill("VEL-EYE-0038-SAND,12");
    await page.getByRole("button", { name: "Preview the import" }).click();
    const preview = page.getByRole("table", { name: "Stock before and after this import" });
    await preview.waitFor();
    await preview.getByRole("row", { name: /VEL-EYE-0038-SAND .*15 \+12 27/ }).waitFor();
    // The three numbers fit a phone: the page does not widen, and the After column is on screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const after = preview.locator("thead th, tbody td").filter({ hasText: /^(After|27)$/ });
    expect(await after.count()).toBe(2);
    for (const cell of await after.all()) {
      const edge = await cell.evaluate((el) => el.getBoundingClientRect().right);
      expect(edge).toBeLessThanOrEqual(PHONE.width);
    }
    await expectAccessible(page);
    await keepShot(page, `stock-import-preview-390.png`, { fullPage: true });

    const confirm = page.getByRole("button", { name: "Confirm: add this delivery" });
    await confirm.dblclick();
    await page.getByText(/^Delivery added: 12 units to 1 SKU\.|^This import was written already/).waitFor();
    await page.goto("/staff/products?q=VEL-EYE-0038-SAND");
    await page.getByText("27", { exact: true }).first().waitFor();
    await page.context().close();
  });
});
