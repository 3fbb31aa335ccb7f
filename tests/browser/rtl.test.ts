import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, loaded, newContext, PHONE, shopUrl } from "./harness";

/*
 * Right to left (decision 0089). Until the /ar routing sets <html dir="rtl"> itself, each page is
 * turned round here the way that attribute will: `dir` set on the document element once it loaded.
 * The stylesheet is written in logical properties, so the attribute alone must lay every page out
 * from the right; these tests read where things landed, not which rules exist.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, path: string, dir: "ltr" | "rtl"): Promise<void> {
  const response = await page.goto(shopUrl(path));
  expect(response?.status()).toBe(200);
  await page.evaluate((d) => {
    document.documentElement.dir = d;
  }, dir);
}

function box(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .boundingBox()
    .then((b) => {
      if (!b) throw new Error(`${selector} is not laid out`);
      return b;
    });
}

/** The first product with a plain "Add to bag" on the skincare page: a path to its page. */
async function firstProductPath(page: Page): Promise<string> {
  await page.goto(shopUrl("/catalog/skincare"));
  const card = page.locator(".product-card", { has: page.getByRole("button", { name: /^Add to bag/ }) }).first();
  const href = await card.locator(".product-card__name a").getAttribute("href");
  if (!href) throw new Error("no product on /catalog/skincare");
  return href;
}

describe("right to left", () => {
  it("puts the logo on the right and the shop's actions on the left, and back again in ltr", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await open(page, "/", "rtl");
    const logo = await box(page, ".logo");
    const actions = await box(page, ".header-actions");
    expect(logo.x + logo.width).toBeGreaterThan(DESKTOP.width - 200);
    expect(actions.x).toBeLessThan(200);
    // The main menu reads from the right too: its first item is right of its second.
    const items = page.locator(".main-nav__list > li");
    const [first, second] = [await items.nth(0).boundingBox(), await items.nth(1).boundingBox()];
    expect(first && second && first.x > second.x).toBe(true);
    await expectAccessible(page);

    await page.evaluate(() => {
      document.documentElement.dir = "ltr";
    });
    const logoLtr = await box(page, ".logo");
    expect(logoLtr.x).toBeLessThan(200);
    await context.close();
  });

  it("opens the drawer from the right edge on a phone", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await open(page, "/", "rtl");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const drawer = page.getByRole("navigation", { name: "Main menu" });
    await drawer.waitFor({ state: "visible" });
    const b = await drawer.boundingBox();
    expect(b && Math.round(b.x + b.width)).toBe(PHONE.width);
    expect(b?.x).toBeGreaterThan(0);
    await expectAccessible(page);
    await context.close();
  });

  it("mirrors icons that point a direction and no others", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await open(page, "/", "rtl");
    const transforms = await page.evaluate(() => ({
      arrow: getComputedStyle(document.querySelector(".icon--directional") as Element).transform,
      search: getComputedStyle(document.querySelector(".search-box .icon") as Element).transform,
    }));
    expect(transforms.arrow).toBe("matrix(-1, 0, 0, 1, 0, 0)");
    expect(transforms.search).toBe("none");
    await context.close();
  });

  it("lays out the pager and the breadcrumbs from the right", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await open(page, "/catalog/skincare", "rtl");
    const crumbs = page.locator(".breadcrumbs li");
    const [home, here] = [await crumbs.first().boundingBox(), await crumbs.last().boundingBox()];
    expect(home && here && home.x > here.x).toBe(true);
    const separator = await page.evaluate(
      () => getComputedStyle(document.querySelector(".breadcrumbs li + li") as Element, "::before").content,
    );
    // A chevron, which Unicode mirrors right to left (a slash leant back read as a backslash).
    expect(separator).toBe('"›"');
    const numbers = page.locator(".pagination li");
    const [one, two] = [await numbers.nth(0).boundingBox(), await numbers.nth(1).boundingBox()];
    expect(one && two && one.x > two.x).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it("grows the loading bar from the right", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await open(page, "/", "rtl");
    // The runtime adds the bar on its first navigation; one made the same way is read here.
    const origin = await page.evaluate(() => {
      const bar = document.createElement("div");
      bar.className = "loading-bar";
      document.body.append(bar);
      return getComputedStyle(bar).transformOrigin;
    });
    // Its origin is the right edge of a viewport-wide bar.
    expect(origin?.startsWith(`${DESKTOP.width}px`)).toBe(true);
    await context.close();
  });

  it("keeps e-mail and phone fields left to right in a right-to-left checkout", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const product = await firstProductPath(page);
    await open(page, product, "rtl");
    await page
      .locator(".buy-box")
      .getByRole("button", { name: /^Add to bag/ })
      .click();
    await page.getByText(/is in your bag\./).waitFor();
    await open(page, "/cart/order", "rtl");
    const directions = await page.evaluate(() => ({
      email: getComputedStyle(document.querySelector('input[type="email"]') as Element).direction,
      phone: getComputedStyle(document.querySelector('input[type="tel"]') as Element).direction,
      name: getComputedStyle(document.querySelector('input[autocomplete="given-name"]') as Element).direction,
    }));
    expect(directions).toEqual({ email: "ltr", phone: "ltr", name: "rtl" });
    // The label sits at the right edge of its field, as the text it reads before.
    const label = await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('label[for$="-email"]') as Element);
      const b = range.getBoundingClientRect();
      return { left: b.left, right: b.right };
    });
    const input = await box(page, 'input[type="email"]');
    expect(Math.abs(label.right - (input.x + input.width))).toBeLessThan(2);
    expect(label.left).toBeGreaterThan(input.x + 40);
    await expectAccessible(page);
    await context.close();
  });

  it("lays the quick view and the call-back dialog out from the right", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await open(page, "/catalog/skincare", "rtl");
    await loaded(page);
    const card = page.locator("article.product-card").filter({ hasText: "In stock" }).first();
    const island = card.locator("[data-island='quick-view']");
    await island.hover();
    await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
    await card.getByRole("button", { name: /^Quick view/ }).click();
    const dialog = page.locator("dialog.quick-view[open]");
    await dialog.locator(".quick-view__title").waitFor();
    const panel = await box(page, "dialog.quick-view[open]");
    const close = await box(page, "dialog.quick-view[open] .quick-view__close");
    // The close button sits at the dialog's start corner, the left in rtl; the picture at the right.
    expect(close.x - panel.x).toBeLessThan(60);
    const picture = await box(page, "dialog.quick-view[open] .quick-view__gallery");
    const title = await box(page, "dialog.quick-view[open] .quick-view__title");
    expect(picture.x).toBeGreaterThan(title.x);
    await expectAccessible(page);
    await keepShot(page, `rtl-desktop-quick-view-rtl.png`);
    await page.keyboard.press("Escape");

    await page.getByRole("banner").getByRole("link", { name: "Request a call back" }).click();
    const request = page.getByRole("dialog", { name: "Request a call back" });
    await request.waitFor({ state: "visible" });
    const phone = request.locator('input[type="tel"]');
    expect(await phone.evaluate((el) => getComputedStyle(el).direction)).toBe("ltr");
    const heading = await request.getByRole("heading", { name: "Request a call back" }).boundingBox();
    const requestBox = await request.boundingBox();
    // The heading starts at the dialog's right edge.
    expect(heading && requestBox && requestBox.x + requestBox.width - (heading.x + heading.width)).toBeLessThan(80);
    await expectAccessible(page);
    await keepShot(page, `rtl-desktop-request-dialog-rtl.png`);
    await context.close();
  });

  it("downloads the Arabic font only for a page with Arabic letters", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "font") fonts.push(new URL(r.url()).pathname);
    });
    await page.goto(shopUrl("/company"));
    await loaded(page);
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.some((f) => f.includes("arabic"))).toBe(false);
    expect(fonts.some((f) => f.includes("inter-latin-400"))).toBe(true);

    await page.evaluate(() => {
      document.documentElement.dir = "rtl";
      const h = document.querySelector("h1") as HTMLElement;
      h.textContent = "من نحن";
      const p = document.createElement("p");
      p.textContent = "مستحضرات تجميل أصلية بتوصيل سريع داخل الإمارات.";
      h.after(p);
    });
    await page.waitForFunction(() => document.fonts.check('16px "IBM Plex Sans Arabic"', "مرحبا"));
    const weights = await page.evaluate(async () => {
      await document.fonts.ready;
      const weights: string[] = [];
      document.fonts.forEach((f) => {
        if (f.family.replace(/"/g, "") === "IBM Plex Sans Arabic" && f.status === "loaded") weights.push(f.weight);
      });
      return weights;
    });
    expect(weights.length).toBeGreaterThan(0);
    expect(fonts.filter((f) => /ibm-plex-sans-arabic-arabic-(400|600)-normal-[A-Z0-9]+\.woff2$/.test(f)).length).toBe(
      weights.length,
    );
    await context.close();
  });
});

describe("right-to-left screenshots (looked at by a person)", () => {
  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("home, category, product, bag and checkout in both directions on %s", async (name, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const product = await firstProductPath(page);
    await page.goto(shopUrl(product));
    await page
      .locator(".buy-box")
      .getByRole("button", { name: /^Add to bag/ })
      .click();
    await page.getByText(/is in your bag\./).waitFor();
    const pages = [
      ["home", "/"],
      ["category", "/catalog/skincare"],
      ["product", product],
      ["bag", "/cart"],
      ["checkout", "/cart/order"],
    ] as const;
    for (const dir of ["ltr", "rtl"] as const) {
      for (const [what, path] of pages) {
        await open(page, path, dir);
        // Nothing sticks out sideways: a right-to-left page that scrolls sideways has lost its layout.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${what} ${dir} scrolls sideways`).toBeLessThanOrEqual(0);
        await keepShot(page, `rtl-${name}-${what}-${dir}.png`, { fullPage: true });
      }
    }
    await context.close();
  });
});
