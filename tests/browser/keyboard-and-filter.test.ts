import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { en } from "../../shared/i18n/en";
import { DESKTOP, expectAccessible, launchBrowser, loaded, newContext, PHONE, shopUrl } from "./harness";

/**
 * A shopper on a keyboard sees where they are on every control, the shades are one stop with arrow
 * keys, "Add to bag" keeps the focus it was pressed with; and on a phone the category's filter folds
 * behind one button so the products start on the first screen.
 */
const LIPSTICK = "/catalog/makeup/velvet-hue-tools-matte-liquid-lipstick";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The ring a focused control draws: an outline at least 2 px wide, not only a tinted border. */
async function focusRing(control: Locator): Promise<{ visible: boolean; style: string; width: number }> {
  await control.focus();
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      visible: el.matches(":focus-visible"),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
    };
  });
}

async function wakePicker(page: Page): Promise<void> {
  const island = page.locator("[data-island='variant-picker']");
  await island.hover();
  await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
}

describe("focus that shows", () => {
  it("rings the checkout's text fields, radios and consent box, and the header's search", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl(LIPSTICK));
    await loaded(page);
    await page
      .locator(".product-details")
      .getByRole("button", { name: /^Add to bag/ })
      .click();
    await page.locator(".product-details .add-to-bag__status--done").waitFor();
    await page.goto(shopUrl("/cart/order"));
    await loaded(page);
    await page.keyboard.press("Tab");
    const controls = [
      page.getByRole("textbox", { name: /^First name/ }),
      page.getByRole("radio", { name: en.checkout.delivery.pickup }),
      page.getByRole("checkbox", { name: en.checkout.consent }),
      page.getByRole("combobox", { name: en.searchSuggest.label }),
    ];
    for (const control of controls) {
      expect(await focusRing(control)).toMatchObject({ visible: true, style: "solid" });
      expect((await focusRing(control)).width).toBeGreaterThanOrEqual(2);
    }
    await context.close();
  });
});

describe("the shades on a keyboard", () => {
  for (const lang of [
    { prefix: "", forward: "ArrowRight", back: "ArrowLeft" },
    { prefix: "/ar", forward: "ArrowLeft", back: "ArrowRight" },
  ]) {
    it(`are one tab stop, moved with the arrow keys (${lang.prefix || "/en"})`, async () => {
      const context = await newContext(browser, DESKTOP);
      const page = await context.newPage();
      await page.goto(shopUrl(`${lang.prefix}${LIPSTICK}`));
      await loaded(page);
      await wakePicker(page);
      const group = page.getByRole("radiogroup");
      const radios = group.getByRole("radio");
      expect(await radios.count()).toBe(8);
      // Only the chosen shade takes a Tab.
      const stops = await radios.evaluateAll((all) => all.filter((r) => (r as HTMLElement).tabIndex >= 0).length);
      expect(stops).toBe(1);
      const chosen = group.locator("[aria-checked='true']");
      await chosen.focus();
      const first = await chosen.getAttribute("href");
      const before = await page.evaluate(() => location.search);
      // Forward is to the right in English and to the left in Arabic, as the row reads.
      await page.keyboard.press(lang.forward);
      await expect.poll(() => page.evaluate(() => location.search)).not.toBe(before);
      const moved = page.locator(".variant-picker [aria-checked='true']");
      expect(await moved.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await moved.getAttribute("href")).not.toBe(first);
      await page.keyboard.press(lang.back);
      await expect.poll(() => page.locator(".variant-picker [aria-checked='true']").getAttribute("href")).toBe(first);
      // Tab leaves the group at once.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).not.toBe("radio");
      await expectAccessible(page);
      await context.close();
    });
  }

  it("keeps the focus on Add to bag after it is pressed", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(shopUrl(LIPSTICK));
    await loaded(page);
    const add = page.locator(".product-details").getByRole("button", { name: /^Add to bag/ });
    await add.focus();
    await page.keyboard.press("Enter");
    await page.locator(".product-details .add-to-bag__status--done").waitFor();
    expect(await add.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe("the category's filter on a phone", () => {
  for (const lang of [
    { prefix: "", m: en },
    { prefix: "/ar", m: ar },
  ]) {
    it(`folds behind a Filter button with its count, and the products start on the first screen (${lang.prefix || "/en"})`, async () => {
      const context = await newContext(browser, PHONE);
      const page = await context.newPage();
      await page.goto(shopUrl(`${lang.prefix}/catalog/skincare?maker=maison-lumiere&cost[max]=200`));
      await loaded(page);
      const toggle = page.locator(".filter-panel > summary");
      expect((await toggle.innerText()).replace(/\s+/g, " ")).toContain(lang.m.catalogFilter.filter);
      expect(await toggle.locator(".filter-panel__count").innerText()).toBe("2");
      expect(await page.getByRole("form", { name: lang.m.catalogFilter.filterProducts }).isVisible()).toBe(false);
      const card = await page.locator(".product-card").first().boundingBox();
      expect(card?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.height);
      await toggle.click();
      const highest = page.getByRole("spinbutton", { name: lang.m.catalogFilter.highestPrice, exact: true });
      await highest.waitFor();
      expect(await highest.inputValue()).toBe("200");
      expect(await page.getByRole("spinbutton", { name: lang.m.catalogFilter.lowestPrice, exact: true }).count()).toBe(
        1,
      );
      await expectAccessible(page);
      await context.close();
    });
  }

  it("stays open beside the products on a desktop, with no button", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl("/catalog/skincare"));
    await loaded(page);
    expect(await page.locator(".filter-panel > summary").isVisible()).toBe(false);
    await page.getByRole("checkbox", { name: "Maison Lumière" }).waitFor({ state: "visible" });
    await page.getByRole("checkbox", { name: "Maison Lumière" }).check();
    await page.waitForURL(/maker=maison-lumiere/);
    await context.close();
  });
});
