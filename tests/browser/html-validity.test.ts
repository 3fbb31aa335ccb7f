import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../shared/i18n/en";
import { launchBrowser } from "./harness";
import { htmlErrors } from "./html-validator";
import { startTestShop, type TestShop } from "./shop";
import { signUpThroughForm } from "./staff-account";

/**
 * Every kind of page, in both languages, as the server sends it, through an HTML validator
 * (html-validate, configured close to the Nu Html Checker: tests/browser/html-validator.ts,
 * decision 0104). One file and one shop, its own so it can give an account the Staff role.
 * A shopper and a staff member are signed in through the pages, and a shopper's order is placed,
 * so the account, the order and the desk are validated as they are drawn for them.
 */
let browser: Browser;
let shop: TestShop;

beforeAll(async () => {
  [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.dispose();
});

const LIPSTICK = "/catalog/makeup/velvet-hue-tools-matte-liquid-lipstick";

/** Pages anyone sees: one of each kind the shop has. */
const PUBLIC_PAGES = [
  "/",
  "/catalog",
  "/catalog/makeup?maker=velvet-hue&model=eyes",
  LIPSTICK,
  "/brands",
  "/brands/velvet-hue",
  "/search",
  "/search?q=rose",
  "/blog",
  "/blog/skincare/summer-skincare-routine-uae",
  "/projects",
  "/projects/fragrance-library",
  "/delivery",
  "/contacts",
  "/reviews",
  "/wholesale",
  "/cart",
  "/user/login",
  "/user/signup",
  "/no-such-page",
];

const SHOPPER_PAGES = ["/user", "/user/edit", "/user/orders", "/user/password", "/favorites"];
const STAFF_PAGES = [
  "/staff",
  "/staff/orders",
  "/staff/products",
  "/staff/requests",
  "/staff/outbox",
  "/staff/reviews",
  "/staff/searches",
  "/staff/redirects",
];

function bothLanguages(paths: string[]): string[] {
  return paths.flatMap((path) => [path, path === "/" ? "/ar" : `/ar${path}`]);
}

/** Each page's errors, `path: rule message (line:column)`, for one readable failure; fetched four at a time. */
async function errorsOf(paths: string[], get: (path: string) => Promise<{ status: number; html: string }>) {
  const found: string[] = [];
  for (let i = 0; i < paths.length; i += 4) {
    const batch = paths.slice(i, i + 4);
    const pages = await Promise.all(batch.map(get));
    for (const [j, { status, html }] of pages.entries()) {
      const path = batch[j]!;
      // Every page answers 200 (the 404 its own status): a sign-in page or a 404 would be validated in its place.
      if (status !== (path.endsWith("/no-such-page") ? 404 : 200) || !html.startsWith("<!DOCTYPE html>")) {
        found.push(`${path}: answered ${status} ${html.startsWith("<!DOCTYPE html>") ? "" : "without a page"}`);
        continue;
      }
      for (const error of await htmlErrors(html)) found.push(`${path}: ${error}`);
    }
  }
  return found;
}

function contextGet(context: BrowserContext) {
  return async (path: string) => {
    const response = await context.request.get(shop.url + path, { maxRedirects: 0 });
    return { status: response.status(), html: await response.text() };
  };
}

async function signUp(context: BrowserContext, tag: string): Promise<{ email: string; password: string }> {
  const account = { username: `layla${tag}`, email: `layla.${tag}@noorbeauty.example`, password: "Valid-markup-2026" };
  const page = await context.newPage();
  await signUpThroughForm(page, account);
  await page.close();
  return account;
}

/** The signed-in shopper puts a product in the bag (the bag and the checkout then have something to show). */
async function fillBag(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto("/catalog/fragrance");
  const card = page.locator(".product-card", { has: page.getByRole("button", { name: /^Add to bag/ }) }).first();
  await card.getByRole("button", { name: /^Add to bag/ }).click();
  await card.getByText(/is in your bag\./).waitFor();
  await page.close();
}

/** The shopper places a cash order for what is in the bag; returns its number. */
async function placeOrder(context: BrowserContext, email: string): Promise<string> {
  const page = await context.newPage();
  await page.goto("/cart/order");
  await page.getByLabel(/First name/).fill("Mariam");
  await page.getByLabel(/Last name/).fill("Al Suwaidi");
  await page.getByLabel(/E-mail/).fill(email);
  await page.getByLabel(/^Phone/).fill("050 765 4321");
  await page.getByLabel(/^Address/).fill("Villa 12, Al Wasl Road");
  await page.getByLabel(/^City/).fill("Dubai");
  await page.getByLabel(/^Emirate/).selectOption("Dubai");
  await page.getByRole("checkbox", { name: en.checkout.consent }).check();
  await page.getByRole("button", { name: /Place order/ }).click();
  await page.getByRole("heading", { name: "Your order is placed" }).waitFor();
  const number = new URL(page.url()).pathname.split("/").pop()!;
  await page.close();
  return number;
}

describe("every page is valid HTML", () => {
  it("the pages anyone sees, in English and in Arabic, the 404 included", async () => {
    const get = async (path: string) => {
      const response = await fetch(shop.url + path, { redirect: "manual" });
      return { status: response.status, html: await response.text() };
    };
    expect(await errorsOf(bothLanguages(PUBLIC_PAGES), get)).toEqual([]);
  });

  it("a shopper's account, bag, checkout and order, and the staff desk's pages", async () => {
    const shopper = await browser.newContext({ baseURL: shop.url });
    const staff = await browser.newContext({ baseURL: shop.url });
    const [account, desk] = await Promise.all([signUp(shopper, "html"), signUp(staff, "desk")]);
    await shop.execute("UPDATE cms_users SET role = 'staff' WHERE email = ?1", desk.email);
    // The role is read at sign-in: sign the staff member in again.
    await staff.clearCookies();
    const page = await staff.newPage();
    await page.goto("/user/login");
    await page.getByLabel("E-mail or username").fill(desk.email);
    await page.getByLabel("Password", { exact: true }).fill(desk.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/user$/);
    await page.close();

    await fillBag(shopper);
    const bagPages = await errorsOf(bothLanguages(["/cart", "/cart/order"]), contextGet(shopper));
    const number = await placeOrder(shopper, account.email);
    const shopperPages = [...SHOPPER_PAGES, `/cart/order/${number}`, `/user/orders/${number}`];
    const staffPages = [
      ...STAFF_PAGES,
      `/staff/orders/${number}`,
      `/staff/products/velvet-hue-tools-matte-liquid-lipstick`,
    ];
    const found = [
      ...bagPages,
      ...(await errorsOf(bothLanguages(shopperPages), contextGet(shopper))),
      // The desk is in English only: it has no /ar paths.
      ...(await errorsOf(staffPages, contextGet(staff))),
    ];
    expect(found).toEqual([]);
    await Promise.all([shopper.close(), staff.close()]);
  });
});
