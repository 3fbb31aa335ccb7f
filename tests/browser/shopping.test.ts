import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESKTOP,
  expectAccessible,
  keepShot,
  launchBrowser,
  loaded,
  newContext,
  PHONE,
  recordScripts,
  shopUrl,
} from "./harness";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** "Quick view: Name" as browsers name it (a visually hidden part may add a space before the colon). */
function named(action: string, name: string): RegExp {
  return new RegExp(`^${action}\\s*:\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}

/** Waits until the results region shows the given filter (the server writes it into data-filter). */
async function resultsFor(page: Page, expected: { maker: string[]; model: string[] }): Promise<void> {
  await page.waitForFunction((want) => {
    const region = document.getElementById("catalog-results");
    if (!region || region.getAttribute("aria-busy") === "true") return false;
    const shown = JSON.parse(region.dataset.filter ?? "{}") as { maker?: string[]; model?: string[] };
    return JSON.stringify([shown.maker, shown.model]) === JSON.stringify([want.maker, want.model]);
  }, expected);
}

function bagCount(page: Page): Promise<number> {
  return page.evaluate(() => Number(document.querySelector("[data-counter='bag']")?.textContent ?? 0) || 0);
}

/** The first in-stock card's quick view control, woken by the pointer resting on it. */
async function wakeQuickView(page: Page) {
  const card = page.locator("article.product-card").filter({ hasText: "In stock" }).first();
  const name = (await card.locator(".product-card__name").innerText()).trim();
  const island = card.locator("[data-island='quick-view']");
  await island.hover();
  await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
  return { card, name, button: card.getByRole("button", { name: named("Quick view", name) }) };
}

describe("quick view", () => {
  it("is a link to the product page until its island wakes", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(shopUrl("/catalog/skincare"));
    await loaded(page);
    expect(scripts.some((s) => s.includes("/islands/quick-view-"))).toBe(false);
    const link = page
      .locator("article.product-card")
      .first()
      .getByRole("link", { name: /^Quick view\s*:/ });
    expect(await link.getAttribute("href")).toMatch(/^\/catalog\/skincare\/[a-z0-9-]+$/);
    await context.close();
  });

  it("opens a dialog with the product, adds to the bag, closes with Esc and gives focus back", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl("/catalog/skincare"));
    await loaded(page);
    const { name, button } = await wakeQuickView(page);
    await button.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name });
    await dialog.waitFor({ state: "visible" });
    // Focus is inside the dialog; the page behind is inert (modal).
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    // The product's data arrives on demand; the dialog then takes its heading as its name.
    await dialog.getByRole("heading", { name }).waitFor();
    expect(await dialog.locator(".price__now").innerText()).toMatch(/^AED \d/);
    await dialog.getByText("In stock").waitFor();
    await dialog.getByRole("img").first().waitFor();
    await expectAccessible(page);

    const before = await bagCount(page);
    await dialog.getByLabel("Quantity").fill("2");
    await dialog.getByRole("button", { name: named("Add to bag", name) }).click();
    await dialog.getByText(`${name} is in your bag.`).waitFor();
    expect(await bagCount(page)).toBe(before + 2);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it("closes with its close button on a phone and keeps the bag after a reload", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(shopUrl("/catalog/skincare"));
    await loaded(page);
    const { name, button } = await wakeQuickView(page);
    await button.click();
    const dialog = page.getByRole("dialog", { name });
    await dialog.waitFor({ state: "visible" });
    await dialog.getByRole("button", { name: named("Add to bag", name) }).click();
    await dialog.getByText(`${name} is in your bag.`).waitFor();
    await dialog.getByRole("button", { name: "Close quick view" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.reload();
    await loaded(page);
    expect(await bagCount(page)).toBe(1);
    await context.close();
  });
});

describe("favourites", () => {
  it("keeps a saved product through a reload, on the favourites page and in the header count", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl("/catalog/skincare"));
    await loaded(page);
    const card = page.locator("article.product-card").nth(1);
    const name = (await card.locator(".product-card__name").innerText()).trim();
    const heart = card.getByRole("button", { name: `Save ${name} to favourites` });
    expect(await heart.getAttribute("aria-pressed")).toBe("false");
    await Promise.all([page.waitForURL(/\/catalog\/skincare/), heart.click()]);
    await loaded(page);
    const saved = page
      .locator("article.product-card")
      .nth(1)
      .getByRole("button", { name: `Remove ${name} from favourites` });
    expect(await saved.getAttribute("aria-pressed")).toBe("true");

    await page.reload();

    await loaded(page);
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator("[data-counter='favourites']").innerText()).toBe("1");

    await page.goto(shopUrl("/favorites"));

    await loaded(page);
    expect(await page.getByRole("heading", { name }).count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });
});

describe("the instant filter", () => {
  it("filters to a maker and a line without reloading, keeps the URL in step, and goes back with the back button", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl("/catalog/skincare"));
    await loaded(page);
    // A mark on the window: gone if the page ever fully reloads.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const filter = page.getByRole("form", { name: "Filter products" });
    await filter.getByText("Please, choose maker first").waitFor();

    await filter.getByRole("checkbox", { name: "Maison Lumière" }).click();
    await page.waitForURL(/\/catalog\/skincare\?maker=maison-lumiere$/);
    const line = filter.getByRole("checkbox", { name: "Rose Ritual" });
    await line.click();
    await page.waitForURL(/\?maker=maison-lumiere&model=rose-ritual$/);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll(".product-card__name")).every((n) => n.textContent?.includes("Rose Ritual")),
    );
    const names = await page.locator(".product-card__name").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expectAccessible(page);

    await page.goBack();
    await page.waitForURL(/\?maker=maison-lumiere$/);
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll(".product-card__name")).some((n) => !n.textContent?.includes("Rose Ritual")),
    );
    await expect.poll(() => line.isChecked()).toBe(false);
    await expect.poll(() => filter.getByRole("checkbox", { name: "Maison Lumière" }).isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL(/\/catalog\/skincare$/);
    await filter.getByText("Please, choose maker first").waitFor();
    await expect.poll(() => filter.getByRole("checkbox", { name: "Maison Lumière" }).isChecked()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Cards brought in by the filter are live: their quick view wakes and opens.
    await page.goForward();
    await page.waitForURL(/\?maker=maison-lumiere$/);
    await resultsFor(page, { maker: ["maison-lumiere"], model: [] });
    const { name, button } = await wakeQuickView(page);
    await button.click();
    await page.getByRole("dialog", { name }).getByRole("heading", { name }).waitFor();
    await context.close();
  });

  it("still works as a plain GET form without JavaScript", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopUrl("/catalog/skincare"));
    await page.getByRole("checkbox", { name: "Maison Lumière" }).check();
    await Promise.all([
      page.waitForURL(/maker=maison-lumiere/),
      page.getByRole("button", { name: "Show products" }).click(),
    ]);
    // The URL moves before the results are drawn in place: wait for the maker's models.
    await expect.poll(() => page.getByRole("checkbox", { name: "Rose Ritual" }).count()).toBe(1);
    await context.close();
  });
});

describe("header search suggestions", () => {
  it("suggests products as the shopper types and opens one from the keyboard", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl("/"));
    await loaded(page);
    const box = page.getByRole("combobox", { name: "Search products and articles" });
    await box.click();
    await page.locator("[data-island='search-suggest'][data-hydrated='true']").waitFor({ state: "attached" });
    await box.pressSequentially("rose rit", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Search suggestions" });
    await list.waitFor({ state: "visible" });
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    const first = list.getByRole("option").first();
    const name = (await first.locator(".search-suggest__name").innerText()).trim();
    expect(name).toContain("Rose Ritual");
    await expectAccessible(page);

    await page.keyboard.press("ArrowDown");
    await expect.poll(() => first.getAttribute("aria-selected")).toBe("true");
    await expect.poll(() => box.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    await page.keyboard.press("Escape");
    await list.waitFor({ state: "hidden" });
    await page.keyboard.press("ArrowDown");
    await list.waitFor({ state: "visible" });
    await page.keyboard.press("ArrowDown");
    await Promise.all([page.waitForURL(/\/catalog\/[a-z0-9-]+\/[a-z0-9-]+$/), page.keyboard.press("Enter")]);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(name);
    await context.close();
  });

  it("searches with no JavaScript and offers the spelling the shopper meant", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopUrl("/search"));
    const form = page.locator("form.search-page-form");
    await form.getByRole("searchbox", { name: "Search products and articles" }).fill("mascra");
    await Promise.all([page.waitForURL(/\/search\?q=mascra$/), form.getByRole("button", { name: "Search" }).click()]);
    const meant = page.getByRole("link", { name: "mascara", exact: true });
    expect(await meant.count()).toBe(1);
    expect(await page.locator(".product-card__name").count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/\/search\?q=mascara$/), meant.click()]);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Results for “mascara”");
    await context.close();
  });

  for (const [width, viewport] of [
    [390, PHONE],
    [1280, DESKTOP],
  ] as const) {
    it(`shows kept results with no accessibility violations at ${width} px (screenshot)`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto(shopUrl("/search?q=rose+serum"));
      await loaded(page);
      expect(await page.locator(".product-card__name").count()).toBeGreaterThan(0);
      await expectAccessible(page);
      await keepShot(page, `search-${width}.png`, { fullPage: true });
      await context.close();
    });
  }

  it("searches on Enter when no suggestion is chosen", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(shopUrl("/"));
    await loaded(page);
    const box = page.getByRole("combobox", { name: "Search products and articles" });
    await box.fill("serum");
    await Promise.all([page.waitForURL(/\/search\?q=serum$/), box.press("Enter")]);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain("serum");
    await context.close();
  });
});
