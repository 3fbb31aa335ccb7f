import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import { DESKTOP, launchBrowser, newContext, PHONE, shopUrl } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/*
 * What a shopper reads on Arabic pages, at a phone's width and a desktop's: text in another language
 * than the page (a product that fell back to English, an SKU, a phone number) reads as written, the
 * menu stays one line, the pager's arrows point the way of reading, and the home page has what the
 * English one has (docs/languages.md).
 */
let browser: Browser;
// The seed gives every product Arabic (worker/cms/seed/ar.json): a shop of this file's own, where one
// product's Arabic is taken off, stands for a product an editor added in English only.
let untranslated: TestShop;
beforeAll(async () => {
  [browser, untranslated] = await Promise.all([launchBrowser(), startTestShop()]);
  await untranslated.execute(
    "DELETE FROM cms_translations WHERE model = 'product' AND entry_id = (SELECT id FROM cms_products WHERE slug = ?1)",
    "velvet-hue-lips-kabuki-brush",
  );
  await untranslated.moveContentVersion();
});
afterAll(async () => {
  await Promise.all([browser?.close(), untranslated?.dispose()]);
});

async function open(viewport: { width: number; height: number }, path: string, shop?: TestShop): Promise<Page> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  const response = await page.goto(shop ? shop.url + path : shopUrl(path));
  expect(response?.status(), path).toBe(200);
  return page;
}

/** How many lines an element's text takes (the boxes of its text nodes, by their distinct tops). */
function linesOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size;
    });
}

/** A product without Arabic (in the shop `untranslated`): its page on /ar shows the English words (the CMS's fallback). */
const FALLBACK_PRODUCT = "/ar/catalog/makeup/velvet-hue-lips-kabuki-brush";
/** A product the seed has Arabic for (worker/cms/seed/ar.json). */
const ARABIC_PRODUCT = "/ar/catalog/makeup/velvet-hue-tools-matte-liquid-lipstick";

for (const [width, viewport] of [
  ["390", PHONE],
  ["1280", DESKTOP],
] as const) {
  describe(`Arabic pages at ${width} px`, () => {
    it("marks a product's English fallback, its SKU and the shop's phone as left to right", async () => {
      const page = await open(viewport, FALLBACK_PRODUCT, untranslated);
      const h1 = page.locator("h1");
      expect(await h1.textContent()).toBe("Lips Kabuki Brush");
      expect(await h1.getAttribute("lang")).toBe("en");
      expect(await h1.getAttribute("dir")).toBe("ltr");
      const description = page.locator(".product-details .rich-text");
      expect(await description.getAttribute("lang")).toBe("en");
      expect(await description.getAttribute("dir")).toBe("ltr");
      // "1 pc", not "pc 1"; the brand's Latin name too.
      const volume = page.locator(".product-details .muted span[lang='en'][dir='ltr']", { hasText: /^1 pc$/ });
      expect(await volume.count()).toBe(1);
      expect(await page.locator(".product-details .product-brand").getAttribute("dir")).toBe("ltr");
      // The SKU in one left-to-right isolate, whole, inside the Arabic label.
      const sku = page.locator("[data-variant-sku] bdi");
      expect(await sku.getAttribute("dir")).toBe("ltr");
      expect(await sku.textContent()).toMatch(/^[A-Z]{3}-[A-Z]{3}-\d{4}$/);
      expect(await page.locator("[data-variant-sku]").textContent()).toContain("رمز المنتج");
      // The footer's phone and e-mail, and the header's phone where it shows.
      const footerPhone = page.locator(".site-footer a[href^='tel:']").first();
      expect(await footerPhone.getAttribute("dir")).toBe("ltr");
      expect(await page.locator(".site-footer a[href^='mailto:']").first().getAttribute("dir")).toBe("ltr");
      expect(await page.locator("header a[href^='tel:'] bdi").first().getAttribute("dir")).toBe("ltr");
    });

    it("leaves Arabic words in the page's language and direction", async () => {
      const page = await open(viewport, ARABIC_PRODUCT);
      const h1 = page.locator("h1");
      expect(await h1.textContent()).toBe("أحمر شفاه سائل مطفأ من مجموعة الأدوات");
      expect(await h1.getAttribute("lang")).toBeNull();
      expect(await h1.getAttribute("dir")).toBeNull();
      expect(await page.locator(".product-details .rich-text").getAttribute("lang")).toBeNull();
      // A shade's SKU is long ("VEL-TOO-0046-ROSEWOOD"): whole, on one line, not broken at a hyphen.
      expect(await page.locator("[data-variant-sku] bdi").textContent()).toMatch(/^VEL-TOO-0046-[A-Z]+$/);
      expect(await linesOf(page, "[data-variant-sku] bdi")).toBe(1);
    });

    it("keeps a phone number on one line, left to right", async () => {
      const page = await open(viewport, "/ar/contacts");
      const phone = page.locator("main a[href^='tel:']").first();
      expect(await phone.evaluate((a) => getComputedStyle(a).whiteSpace)).toBe("nowrap");
      expect(await phone.evaluate((a) => getComputedStyle(a).direction)).toBe("ltr");
      expect(await linesOf(page, "main a[href^='tel:']")).toBe(1);
    });

    it("points the pager's next arrow the way Arabic reads, and back again in English", async () => {
      const page = await open(viewport, "/ar/catalog/skincare");
      const next = page.locator(".pagination a[rel='next']");
      expect(await next.locator("svg").evaluate((svg) => getComputedStyle(svg).transform)).toBe(
        "matrix(-1, 0, 0, 1, 0, 0)",
      );
      // Next is on the left of the current page right to left.
      const current = await page.locator(".pagination [aria-current='page']").boundingBox();
      const nextBox = await next.boundingBox();
      expect(nextBox!.x).toBeLessThan(current!.x);
      const english = await open(viewport, "/catalog/skincare");
      const englishNext = english.locator(".pagination a[rel='next'] svg");
      expect(await englishNext.evaluate((svg) => getComputedStyle(svg).transform)).toBe("none");
    });

    it("shows the home page's categories, as the English home does", async () => {
      const page = await open(viewport, "/ar");
      const section = page.locator("section[aria-labelledby='home-categories']");
      expect(await section.locator(".eyebrow").textContent()).toBe(ar.home.shopByCategory);
      expect(await section.locator("a.category-pill").count()).toBe(6);
      expect(await section.locator("a.category-pill").first().getAttribute("href")).toBe("/ar/catalog/skincare");
    });
  });
}

describe("the Arabic menu at 1280 px", () => {
  it("keeps every item of the main menu on one line, the menu one row tall", async () => {
    const page = await open(DESKTOP, "/ar");
    const links = page.locator(".main-nav__link");
    const count = await links.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      expect(await linesOf(page, `.main-nav__list > li:nth-child(${i + 1}) > .main-nav__link`), `item ${i + 1}`).toBe(
        1,
      );
    }
    const list = await page.locator(".main-nav__list").boundingBox();
    const link = await links.first().boundingBox();
    expect(list!.height).toBe(link!.height);
    // Nothing pushed out of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(DESKTOP.width);
  });
});
