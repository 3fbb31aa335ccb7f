import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, loaded, newContext, PHONE, shopUrl } from "./harness";

/** The seed's lipstick (eight shades, Berry Noir at 0 on hand) and a perfume in three sizes. */
const LIPSTICK = "/catalog/makeup/velvet-hue-tools-matte-liquid-lipstick";
const PERFUME = "/catalog/fragrance/oud-and-amber-royal-oud-eau-de-parfum";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What follows the choice: the label's chosen name, the price, and the SKU the form would add. */
async function shown(page: Page) {
  // A group of links asleep, a radio group awake.
  const picker = page.locator(".variant-picker");
  return {
    label: (await picker.locator(".variant-picker__label").innerText()).trim(),
    price: (await page.locator(".product-details .price__now").first().innerText()).trim(),
    sku: await page.locator('.product-details input[name="variant"]').getAttribute("value"),
    availability: (await page.locator(".product-details .availability").first().innerText()).trim(),
  };
}

/** Wakes the picker island the way a shopper's pointer does, and waits until it is live. */
async function wakePicker(page: Page): Promise<void> {
  const island = page.locator("[data-island='variant-picker']");
  await island.hover();
  await page.waitForFunction((el) => el?.getAttribute("data-hydrated") === "true", await island.elementHandle());
}

describe("choosing a shade or size", () => {
  it("switches in place with JavaScript: name, picture, price, availability and the SKU follow, and the URL says which", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl(LIPSTICK));
    await loaded(page);
    expect((await shown(page)).label).toBe("Shade: Rosewood");
    await wakePicker(page);
    // A mark on the window: gone if the page reloads.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await page.getByRole("radio", { name: "Mocha", exact: true }).click();
    await page.waitForFunction(() => location.search === "?variant=VEL-TOO-0046-MOCHA");
    await expect
      .poll(() => shown(page))
      .toMatchObject({
        label: "Shade: Mocha",
        sku: "VEL-TOO-0046-MOCHA",
        availability: "In stock",
      });
    expect(await page.getByRole("radio", { name: "Mocha", exact: true }).getAttribute("aria-checked")).toBe("true");
    expect(await page.locator("img[data-variant-image='main']").getAttribute("src")).toMatch(/mocha\.svg$/);
    expect(await page.locator("[data-variant-sku]").innerText()).toBe("SKU VEL-TOO-0046-MOCHA");
    // The bag gets the shade on show, named as the bag names it.
    await page
      .locator(".product-details")
      .getByRole("button", { name: /^Add to bag/ })
      .click();
    await page.getByText("Tools Matte Liquid Lipstick — Mocha").first().waitFor();

    await page.getByRole("radio", { name: "Desert Rose" }).click();
    await expect.poll(async () => (await shown(page)).availability).toBe("Only 3 left");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);

    // A sold-out shade offers "tell me when it's back": its link loads the page that has the form.
    await Promise.all([
      page.waitForURL(/\?variant=VEL-TOO-0046-BERRYNOIR$/),
      page.getByRole("radio", { name: "Berry Noir, out of stock" }).click(),
    ]);
    await loaded(page);
    expect(await shown(page)).toMatchObject({ label: "Shade: Berry Noir", availability: "Out of stock" });
    await expect
      .poll(() => page.locator(".product-details form.add-to-bag button[type=submit]").isDisabled())
      .toBe(true);
    await page.getByRole("heading", { name: "Tell me when it's back" }).waitFor();
    const alertForm = page.locator(".back-in-stock");
    expect(await alertForm.getByLabel("E-mail").count()).toBe(1);
    expect(await alertForm.getByRole("button", { name: /^Notify me/ }).count()).toBe(1);
    await expectAccessible(page);

    // The address is the one to share: opened afresh it shows the same shade.
    await page.reload();
    await loaded(page);
    expect((await shown(page)).label).toBe("Shade: Berry Noir");
    await context.close();
  });

  it("keeps an Arabic page Arabic: a shade picked or arrowed to is written under /ar, and a reload stays in Arabic", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl(`/ar${LIPSTICK}`));
    await loaded(page);
    await wakePicker(page);
    await page.locator(".variant-picker [role=radio]").nth(2).click();
    await page.waitForFunction(() => location.search.startsWith("?variant="));
    expect(await page.evaluate(() => location.pathname)).toBe(`/ar${LIPSTICK}`);
    const picked = await page.evaluate(() => location.search);
    await page.locator(".variant-picker [aria-checked='true']").focus();
    await page.keyboard.press("ArrowLeft");
    await page.waitForFunction((before) => location.search !== before, picked);
    expect(await page.evaluate(() => location.pathname)).toBe(`/ar${LIPSTICK}`);
    await page.reload();
    await loaded(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("ar");
    await context.close();
  });

  it("moves the shade on the very first arrow key, pressed as soon as Tab has reached the picker", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    // What the page said, should the key be lost (one failure in a dozen full runs, 2026-12-02, not seen
    // since): its console, its errors, an island that failed to wake, and every page it loaded.
    const said: string[] = [];
    page.on("console", (message) => said.push(`console.${message.type()}: ${message.text()}`));
    page.on("pageerror", (error) => said.push(`pageerror: ${error.message}`));
    page.on("framenavigated", (frame) => frame === page.mainFrame() && said.push(`navigated: ${frame.url()}`));
    page.on("requestfailed", (request) => said.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    await page.goto(shopUrl(LIPSTICK));
    await loaded(page);
    await page.evaluate(() =>
      addEventListener("island-error", (event) => console.error(`island-error: ${(event as CustomEvent).detail}`)),
    );
    // Asleep, the chosen shade is a link: focusing it wakes the island, and the key follows at once.
    await page.locator(".variant-picker [aria-current='true']").focus();
    await page.keyboard.press("ArrowRight");
    await page
      .waitForFunction(() => location.search.startsWith("?variant="))
      .catch(async (error: Error) => {
        const state = await page
          .evaluate(() => ({
            hydrated: document.querySelector<HTMLElement>("[data-island='variant-picker']")?.dataset.hydrated ?? null,
            focused: document.activeElement?.outerHTML.slice(0, 160) ?? null,
            url: location.href,
          }))
          .catch((reason: Error) => ({ unreadable: reason.message }));
        throw new Error(`The arrow key moved nothing: ${JSON.stringify(state)}\n${said.join("\n")}`, {
          cause: error,
        });
      });
    await expect.poll(async () => (await shown(page)).label).not.toBe("Shade: Rosewood");
    await context.close();
  });

  it("puts two shades of one lipstick in the bag as two lines and orders them", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    for (const shade of ["Rosewood", "Ruby"]) {
      await page.goto(shopUrl(LIPSTICK));
      await loaded(page);
      await wakePicker(page);
      await page.getByRole("radio", { name: shade, exact: true }).click();
      await page.waitForFunction((name) => document.body.innerText.includes(`Shade: ${name}`), shade);
      await page
        .locator(".product-details")
        .getByRole("button", { name: /^Add to bag/ })
        .click();
      await page.getByText(`Tools Matte Liquid Lipstick — ${shade} is in your bag.`).first().waitFor();
    }
    await page.goto(shopUrl("/cart"));
    await loaded(page);
    await keepShot(page, "variant-two-shades-bag-390.png", { fullPage: true });
    const lines = page.locator(".cart-line");
    expect(await lines.count()).toBe(2);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Proceed to checkout" }).click();
    await page.getByRole("heading", { name: "Checkout", level: 1 }).waitFor();
    await page.getByLabel(/First name/).fill("Amna");
    await page.getByLabel(/Last name/).fill("Rashid");
    await page.getByLabel(/E-mail/).fill("amna@example.ae");
    await page.getByLabel(/^Phone/).fill("050 765 4321");
    await page.getByLabel(/^Address/).fill("Villa 3, Jumeirah 1");
    await page.getByLabel(/^City/).fill("Dubai");
    await page.getByLabel(/^Emirate/).selectOption("Dubai");
    await page.getByRole("checkbox", { name: en.checkout.consent }).check();
    await page.getByRole("button", { name: /Place order/ }).click();
    await page.getByRole("heading", { name: "Your order is placed" }).waitFor();
    const order = await page.locator("main").innerText();
    expect(order).toContain("Tools Matte Liquid Lipstick — Rosewood");
    expect(order).toContain("Tools Matte Liquid Lipstick — Ruby");
    await context.close();
  });

  it("changes the price with a size, by JavaScript", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(shopUrl(PERFUME));
    await loaded(page);
    expect(await shown(page)).toMatchObject({ label: "Size: 30 ml", price: "AED 201.00" });
    await wakePicker(page);
    await page.getByRole("radio", { name: "100 ml" }).click();
    await page.waitForFunction(() => location.search === "?variant=OUD-ROY-0020-100ML");
    await expect
      .poll(() => shown(page))
      .toMatchObject({ label: "Size: 100 ml", price: "AED 479.00", sku: "OUD-ROY-0020-100ML" });
    await expectAccessible(page);
    await context.close();
  });

  it("works without JavaScript: each swatch and size is a link to the page with that variant", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: shopUrl(""), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(shopUrl(PERFUME), { waitUntil: "load" });
    await Promise.all([
      page.waitForURL(/\?variant=OUD-ROY-0020-100ML$/),
      page.getByRole("link", { name: "100 ml" }).click(),
    ]);
    expect(await shown(page)).toMatchObject({ label: "Size: 100 ml", price: "AED 479.00", sku: "OUD-ROY-0020-100ML" });
    // The plain form posts the size on show.
    await Promise.all([
      page.waitForURL(/\/catalog\/fragrance\//),
      page
        .locator(".product-details")
        .getByRole("button", { name: /^Add to bag/ })
        .click(),
    ]);
    await page.goto(shopUrl("/cart"), { waitUntil: "load" });
    expect(await page.getByText("Royal Oud Eau de Parfum — 100 ml").count()).toBeGreaterThan(0);

    await page.goto(shopUrl(LIPSTICK), { waitUntil: "load" });
    await Promise.all([
      page.waitForURL(/\?variant=VEL-TOO-0046-RUBY$/),
      page.getByRole("link", { name: "Ruby", exact: true }).click(),
    ]);
    expect(await shown(page)).toMatchObject({ label: "Shade: Ruby", sku: "VEL-TOO-0046-RUBY" });
    expect(await page.locator("img[data-variant-image='main']").getAttribute("src")).toMatch(/ruby\.svg$/);
    await context.close();
  });

  it("is accessible and looks right at 390 and 1280 px (screenshots kept with TEST_SHOTS)", async () => {
    for (const [viewport, width] of [
      [PHONE, 390],
      [DESKTOP, 1280],
    ] as const) {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await page.goto(shopUrl(`${LIPSTICK}?variant=VEL-TOO-0046-BERRYNOIR`));
      await loaded(page);
      await expectAccessible(page);
      // On a phone the gallery fills the first screen: show the picker and what follows it.
      if (width === 390)
        await page
          .locator(".variant-picker")
          .evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
      await keepShot(page, `variant-picker-shade-${width}.png`);
      await page.goto(shopUrl(PERFUME));
      await loaded(page);
      if (width === 390)
        await page
          .locator(".variant-picker")
          .evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
      await keepShot(page, `variant-picker-size-${width}.png`);
      await context.close();
    }
  });
});
