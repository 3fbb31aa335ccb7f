import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, loaded, newContext, PHONE, shopUrl } from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("brand pages", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`opens /brands, follows a brand and narrows it to one line with the filter (${viewport.width} px)`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto("/");
      await loaded(page);
      // From the home page's brand list.
      await page
        .getByRole("link", { name: /^Velvet Hue/ })
        .first()
        .scrollIntoViewIfNeeded();
      expect(
        await page
          .getByRole("link", { name: /^Velvet Hue/ })
          .first()
          .getAttribute("href"),
      ).toBe("/brands/velvet-hue");

      await page.goto("/brands");

      await loaded(page);
      await page.getByRole("heading", { level: 1, name: "Brands" }).waitFor();
      await expectAccessible(page);
      await keepShot(page, `brands-${viewport.width}.png`, { fullPage: true });

      await Promise.all([
        page.waitForURL(/\/brands\/velvet-hue$/),
        page.getByRole("link", { name: /^Velvet Hue/ }).click(),
      ]);
      await page.getByRole("heading", { level: 1, name: "Velvet Hue" }).waitFor();
      const all = await page.locator(".product-card__name").count();
      expect(all).toBe(12);
      await expectAccessible(page);
      await keepShot(page, `brand-velvet-hue-${viewport.width}.png`, { fullPage: true });

      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const filter = page.getByRole("form", { name: "Filter products" });
      // On a phone the filter is folded behind its "Filter" button.
      if (viewport.width < 960) await page.locator(".filter-panel > summary").click();
      await filter.getByRole("checkbox", { name: "Lips" }).click();
      await page.waitForURL(/\/brands\/velvet-hue\?model=lips$/);
      await page.waitForFunction(() => {
        const region = document.getElementById("catalog-results");
        const shown = JSON.parse(region?.dataset.filter ?? "{}") as { model?: string[] };
        return region?.getAttribute("aria-busy") !== "true" && shown.model?.join() === "lips";
      });
      const count = await page.locator("[data-result-count]").innerText();
      expect(count).toMatch(/^\d+ products?$/);
      expect(Number.parseInt(count, 10)).toBeLessThan(16);
      expect(await page.locator(".product-card__name").count()).toBe(Number.parseInt(count, 10));
      // Updated in place, not reloaded.
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await expectAccessible(page);

      await page.goBack();
      await page.waitForURL(/\/brands\/velvet-hue$/);
      await page.waitForFunction(() => document.querySelectorAll(".product-card__name").length === 12);
      await expect.poll(() => filter.getByRole("checkbox", { name: "Lips" }).isChecked()).toBe(false);
      await context.close();
    });
  }

  it("filters a brand by price with no JavaScript", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopUrl("/brands/maison-lumiere"));
    expect(await page.locator(".product-card__name").count()).toBe(12);
    await page.locator(".filter-panel > summary").click();
    await page.getByRole("spinbutton", { name: "Highest price", exact: true }).fill("150");
    await Promise.all([
      page.waitForURL(/\/brands\/maison-lumiere\?.*cost%5Bmax%5D=150/),
      page.getByRole("button", { name: "Show products" }).click(),
    ]);
    const prices = await page.locator(".product-card .price__now").allInnerTexts();
    // The seed's Maison Lumière: five products at AED 150 or less, seven above.
    expect(prices).toHaveLength(5);
    for (const price of prices) expect(Number(price.replace(/[^\d.]/g, ""))).toBeLessThanOrEqual(150);
    await context.close();
  });
});
