import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../shared/i18n/ar";
import type { Catalogue } from "../../shared/i18n/catalogue";
import { en } from "../../shared/i18n/en";
import { fill, plural } from "../../shared/i18n/format";
import type { TextLocale } from "../../shared/i18n/locales";
import { DESKTOP, expectAccessible, keepShot, launchBrowser, PHONE, shopUrl } from "./harness";
import { startTestShop, type TestShop } from "./shop";

// Its own shop, so the journey can read the e-mail the order sent (from the shop's D1 outbox) and
// everything its workerd printed: no line may carry what the shopper typed (decision 0110).
let browser: Browser;
let shop: TestShop;
let printed = "";
beforeAll(async () => {
  [browser, shop] = await Promise.all([
    launchBrowser(),
    startTestShop(
      {},
      {
        log: (text) => {
          printed += text;
        },
      },
    ),
  ]);
});
afterAll(async () => {
  await Promise.all([browser?.close(), shop?.dispose()]);
});

/** What a journey reads on the pages of one language: the catalogue's texts and the seed's names. */
interface Language {
  name: "English" | "Arabic";
  prefix: "" | "/ar";
  m: Catalogue;
  locale: TextLocale;
  /** The seed's Skincare category in this language (CMS content, not the catalogue). */
  skincare: string;
  /** A script a text of this language is written in: an error message must be in it. */
  script: RegExp;
}

const ENGLISH: Language = {
  name: "English",
  prefix: "",
  m: en,
  locale: "en",
  skincare: "Skincare",
  script: /[A-Za-z]/,
};
const ARABIC: Language = {
  name: "Arabic",
  prefix: "/ar",
  m: ar as unknown as Catalogue,
  locale: "ar",
  skincare: "العناية بالبشرة",
  script: /[\u0600-\u06FF]/,
};

/** A text's words before its first placeholder ("Place order · {total}" → "Place order"). */
function lead(text: string): string {
  return (text.split("{")[0] ?? "").replace(/[·\s]+$/, "");
}

/** What the shopper types at the checkout (the e-mail is the journey's own); none of it may reach the log. */
const SHOPPER = {
  firstName: "Layla",
  lastName: "Haddad",
  phone: "050 765 4321",
  address: "Apartment 804, Marina Gate 2",
};

function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The answer to placing the order, as the worker logs it (one line per request: route and status, nothing typed). */
const ORDER_PLACED_LINE = /"route":"cart-order___\w+","status":303/;

/**
 * What the shop printed from `from` on, once the line of the order's placement is in (workerd's output
 * arrives on its own pipe): it must not be empty, and must hold none of the values the shopper typed,
 * in any case. The phone is looked for as typed, as digits, and without its leading 0 (as +971 makes it).
 */
async function expectLogWithout(from: number, typed: string[]): Promise<void> {
  await expect.poll(() => ORDER_PLACED_LINE.test(printed.slice(from)), { timeout: 5_000 }).toBe(true);
  const log = printed.slice(from).toLowerCase();
  expect(log.length).toBeGreaterThan(0);
  for (const value of typed) expect(log, `the log holds “${value}”`).not.toContain(value.toLowerCase());
}

async function journey(page: Page, shots: string, js: boolean, lang: Language = ENGLISH): Promise<void> {
  const { m } = lang;
  const logFrom = printed.length;
  // axe runs as a script in the page, so only where scripts run.
  const checkA11y = () => (js ? expectAccessible(page) : Promise.resolve());
  await page.goto(`${shop.url}${lang.prefix}/`);
  expect(await page.locator("html").getAttribute("lang")).toBe(lang.locale);
  await page.getByRole("link", { name: m.home.shopCatalog }).click();
  await page.getByRole("heading", { name: m.catalog.title, level: 1 }).waitFor();
  await checkA11y();
  await page.locator(".category-card", { hasText: lang.skincare }).click();
  await page.getByRole("heading", { name: lang.skincare, level: 1 }).waitFor();
  await checkA11y();

  // Narrow to one maker with the plain GET filter form (folded behind its button on a phone).
  if ((page.viewportSize()?.width ?? 0) < 960) await page.locator(".filter-panel > summary").click();
  await page.getByRole("checkbox", { name: "Maison Lumière" }).check();
  await page.getByRole("button", { name: m.catalogFilter.showProducts }).click();
  await page.waitForURL(/maker=maison-lumiere/);
  const addToBag = new RegExp(`^${literally(m.product.addToBag)}`);
  const product = page.locator(".product-card", { has: page.getByRole("button", { name: addToBag }) }).first();
  const name = (await product.locator(".product-card__name").innerText()).trim();
  await product.locator(".product-card__name a").click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
  expect(new URL(page.url()).pathname.startsWith(`${lang.prefix}/catalog/`)).toBe(true);
  await checkA11y();
  await keepShot(page, `${shots}-product.png`, { fullPage: true });

  await page.getByLabel(m.product.quantity).fill("2");
  await page.locator(".buy-box").getByRole("button", { name: addToBag }).click();
  await page.getByText(fill(lang.locale, m.product.added, { name })).waitFor();
  const bagOf = (count: number) => plural(lang.locale, m.layout.counter, count, { name: m.layout.bag });
  await page.getByRole("link", { name: bagOf(2) }).click();
  await page.getByRole("heading", { name: m.bag.title }).waitFor();
  await checkA11y();
  await keepShot(page, `${shots}-bag.png`, { fullPage: true });
  await page.getByRole("link", { name: m.bag.checkout }).click();
  await page.getByRole("heading", { name: m.checkout.title, level: 1 }).waitFor();

  // A mistake first: the error shows beside the field, in the page's language, and the rest is kept.
  const labels = m.checkout.labels;
  const field = (label: string) => page.getByLabel(new RegExp(`^${literally(label)}`));
  await field(labels.firstName).fill(SHOPPER.firstName);
  await field(labels.lastName).fill(SHOPPER.lastName);
  await field(labels.email).fill("layla@");
  await field(labels.phone).fill(SHOPPER.phone);
  await field(labels.address).fill(SHOPPER.address);
  await field(labels.city).fill("Dubai");
  await field(labels.region).selectOption("Dubai");
  const consent = page.getByRole("checkbox", { name: m.checkout.consent });
  const placeOrder = page.getByRole("button", { name: new RegExp(`^${literally(lead(m.checkout.placeOrder))}`) });
  await consent.check();
  await placeOrder.click();
  const describedBy = (await field(labels.email).getAttribute("aria-describedby")) ?? "";
  const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
  expect(errorId, "the e-mail field names its error").toBeTruthy();
  const emailError = page.locator(`[id="${errorId}"]`);
  await emailError.waitFor();
  expect(await emailError.innerText()).toMatch(lang.script);
  expect(await field(labels.firstName).inputValue()).toBe(SHOPPER.firstName);
  await checkA11y();
  await keepShot(page, `${shots}-checkout-error.png`, { fullPage: true });

  const email = `layla.${shots}@example.ae`;
  await field(labels.email).fill(email);
  await consent.check();
  await placeOrder.click();
  await page.getByRole("heading", { name: m.orders.isPlaced }).waitFor();
  expect(new URL(page.url()).pathname.startsWith(`${lang.prefix}/`)).toBe(true);
  const number = (
    await page
      .getByText(/NB-\d{4}-[A-Z0-9]{6}/)
      .first()
      .innerText()
  ).match(/NB-\d{4}-[A-Z0-9]{6}/)?.[0];
  expect(number).toBeTruthy();
  // The confirmation e-mail speaks the language the order was placed in.
  const [mail] = await shop.readOutbox(email);
  expect(mail?.subject).toBe(fill(lang.locale, m.email.order.subject, { number: number ?? "" }));
  expect(await page.getByRole("cell", { name: new RegExp(literally(name)) }).count()).toBe(1);
  await checkA11y();
  await keepShot(page, `${shots}-confirmation.png`, { fullPage: true });
  await page.getByRole("link", { name: bagOf(0) }).waitFor({ state: "attached" });
  const digits = SHOPPER.phone.replace(/\D/g, "");
  await expectLogWithout(logFrom, [
    email,
    "layla@",
    SHOPPER.firstName,
    SHOPPER.lastName,
    SHOPPER.phone,
    digits,
    digits.slice(1),
    SHOPPER.address,
    "Marina Gate",
  ]);
}

describe("a new shopper's journey from the home page to the confirmation", () => {
  it.each([ENGLISH, ARABIC])("works in $name with JavaScript, on a phone", async (lang) => {
    const context = await browser.newContext({ viewport: PHONE });
    await journey(await context.newPage(), `journey-${lang.locale}-js-390`, true, lang);
    await context.close();
  });

  it.each([ENGLISH, ARABIC])("works in $name without JavaScript, on a desktop", async (lang) => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    await journey(await context.newPage(), `journey-${lang.locale}-nojs-1280`, false, lang);
    await context.close();
  });
});

describe("a kept page with the shopper's parts", () => {
  it("shows the right header counts after adding to the bag on a page served from the shared copy", async () => {
    // Other visitors have seen the category first, so its shell is kept before this shopper comes
    // (a kept shell answers with an ETag; keeping it runs just after the first answer, so ask a few times).
    for (let attempt = 0; attempt < 50; attempt++) {
      const seen = await fetch(shopUrl("/catalog/fragrance"));
      await seen.arrayBuffer();
      if (seen.headers.get("etag")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const response = await page.goto(shopUrl("/catalog/fragrance"));
    expect(response?.headers().etag).toBeTruthy();
    await page.getByRole("link", { name: /Bag, 0 items/ }).waitFor({ state: "attached" });
    const card = page.locator(".product-card", { has: page.getByRole("button", { name: /^Add to bag/ }) }).first();
    await card.getByRole("button", { name: /^Add to bag/ }).click();
    // The counter moves at once (optimistic); the shop's answer, with the visitor's cookie, comes with the message.
    await page.locator("[data-counter='bag']", { hasText: "1" }).waitFor();
    await card.getByText(/is in your bag\./).waitFor();
    await card.getByRole("button", { name: /^Save .* to favourites$/ }).click();
    await page.waitForURL(/\/catalog\/fragrance/);
    await page.getByText("Saved to your favourites.").waitFor();
    // The same kept page, now with this shopper's bag, favourite and pressed heart filled in.
    await page.getByRole("link", { name: /Bag, 1 item/ }).waitFor({ state: "attached" });
    await page.getByRole("link", { name: /Favourites, 1 item/ }).waitFor({ state: "attached" });
    await expect.poll(() => page.locator('.product-card button[aria-pressed="true"]').count()).toBe(1);
    await page.reload();
    expect(await page.getByText("Saved to your favourites.").count()).toBe(0);
    await page.getByRole("link", { name: /Bag, 1 item/ }).waitFor({ state: "attached" });
    await expectAccessible(page);
    await context.close();
  });
});
