import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { DESKTOP, expectAccessible, launchBrowser, loaded, shopUrl } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

describe("English and Arabic", () => {
  it("sends an Arabic browser from / to /ar, and the switch goes to English and back without JavaScript", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: "ar-AE", javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopUrl("/"));
    expect(pathOf(page)).toBe("/ar");
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");

    await page.goto(shopUrl("/ar/catalog/skincare?sort=price-asc"));
    await page.getByRole("link", { name: "English", exact: true }).click();
    await page.waitForURL(/\/catalog\/skincare\?sort=price-asc$/);
    expect(pathOf(page)).toBe("/catalog/skincare?sort=price-asc");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    // The choice holds: home is English now, whatever the browser prefers.
    await page.goto(shopUrl("/"));
    expect(pathOf(page)).toBe("/");

    await page.getByRole("link", { name: "العربية", exact: true }).click();
    await page.waitForURL(/\/ar$/);
    // Links of an Arabic page stay in Arabic.
    await page.locator("a.logo").click();
    expect(pathOf(page)).toBe("/ar");
    await context.close();
  });

  it("keeps a link an island makes in the browser in Arabic", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: "ar-AE" });
    const page = await context.newPage();
    await page.goto(shopUrl("/ar/catalog/skincare"));
    await loaded(page);
    const card = page.locator("article.product-card").filter({ hasText: ar.product.availability.in_stock }).first();
    const island = card.locator("[data-island='quick-view']");
    await island.hover();
    await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
    await card.getByRole("button", { name: new RegExp(`^${ar.product.quickView}`) }).click();
    const dialog = page.getByRole("dialog");
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const viewAll = ar.product.viewAll.split("{")[0]?.trim() ?? "";
    const more = dialog.getByRole("link", {
      name: new RegExp(`^(${literal(ar.product.viewDetails)}|${literal(viewAll)})`),
    });
    await more.waitFor();
    await more.click();
    await page.waitForURL(/\/ar\/catalog\/skincare\/[a-z0-9-]+/);
    expect(await page.locator("html").getAttribute("lang")).toBe("ar");
    await context.close();
  });

  it("passes axe on an Arabic page", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, locale: "ar-AE" });
    const page = await context.newPage();
    await page.goto(shopUrl("/ar/catalog/skincare"));
    await loaded(page);
    await expectAccessible(page);
    await context.close();
  });
});
