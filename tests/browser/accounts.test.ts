import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { withBrowserAndShop } from "./browser-and-shop";
import { DESKTOP, expectAccessible, keepShot, PHONE } from "./harness";
import type { TestShop } from "./shop";

/**
 * A new shopper's account, end to end in Chromium: sign up, sign out, sign in,
 * change the password, and recover it through the e-mailed link. This file runs
 * its own shop so it can read the outbox from D1.
 */
let browser: Browser;
let shop: TestShop;

withBrowserAndShop({}, (started, test) => {
  browser = started;
  shop = test;
});

async function newPage(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, baseURL: shop.url });
  return context.newPage();
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto("/user/login");
  await page.getByLabel("E-mail or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/user$/);
}

async function signOut(page: Page) {
  await page.goto("/user");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/user/login?notice=signed-out");
  await page.getByText("You are signed out.").waitFor();
}

describe("a new shopper's account", () => {
  const tag = Date.now().toString(36);
  const shopper = { username: `layla${tag}`, email: `layla.${tag}@example.com`, password: "Jasmine-tea-2024" };

  it("signs up, signs out, signs in, changes the password and recovers it by e-mail", async () => {
    const page = await newPage(PHONE);

    // Sign up
    await page.goto("/user/signup");
    await expectAccessible(page);
    await page.getByLabel("Username").fill(shopper.username);
    await page.getByLabel("E-mail").fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/user?notice=welcome");
    await page.getByRole("heading", { name: `Hello, ${shopper.username}` }).waitFor();
    await expect.poll(() => page.getByRole("link", { name: `Account of ${shopper.username}` }).count()).toBe(1);
    await expectAccessible(page);

    // Sign out, sign in
    await signOut(page);
    await expectAccessible(page);
    await signIn(page, shopper.email, shopper.password);
    await page.getByText(shopper.email).first().waitFor();

    // Change the password
    await page
      .getByRole("link", { name: /Password/ })
      .first()
      .click();
    await page.waitForURL("**/user/password");
    await expectAccessible(page);
    await page.getByLabel("Current password").fill(shopper.password);
    await page.getByLabel("New password", { exact: true }).fill("Orange-blossom-77");
    await page.getByLabel("Repeat the new password").fill("Orange-blossom-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForURL("**/user?notice=password-changed");
    await page.getByText("Your password has been changed.").waitFor();

    // Forget it, and recover it through the e-mail
    await signOut(page);
    await page.goto("/user/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.waitForURL("**/user/password");
    await expectAccessible(page);
    await page.getByLabel("E-mail").fill(shopper.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.waitForURL("**/user/password?notice=reset-sent");
    const [mail] = await shop.readOutbox(shopper.email);
    expect(mail?.kind).toBe("reset-password");
    const link = mail!.body_text.match(/https?:\/\/\S+\?code=[0-9a-f]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("Saffron-rose-99");
    await page.getByLabel("Repeat the new password").fill("Saffron-rose-99");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/user?notice=password-reset");
    await page.getByRole("heading", { name: `Hello, ${shopper.username}` }).waitFor();

    // The new password is the one that works now
    await signOut(page);
    await page.goto("/user/login");
    await page.getByLabel("E-mail or username").fill(shopper.username);
    await page.getByLabel("Password", { exact: true }).fill("Orange-blossom-77");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("don't match an account").waitFor();
    await expect.poll(() => page.getByLabel("E-mail or username").inputValue()).toBe(shopper.username);
    await expectAccessible(page);
    await page.getByLabel("Password", { exact: true }).fill("Saffron-rose-99");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/user");
    await page.context().close();
  });

  it("returns to the page that asked for sign-in", async () => {
    const page = await newPage(DESKTOP);
    await page.goto("/user/edit");
    expect(new URL(page.url()).pathname).toBe("/user/login");
    await page.getByLabel("E-mail or username").fill(shopper.email);
    await page.getByLabel("Password", { exact: true }).fill("Saffron-rose-99");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/user/edit");
    await page.getByText("PNG, JPG, GIF up to 5MB").waitFor();
    await expectAccessible(page);
    await page.getByLabel("First name").fill("Layla");
    await page.getByLabel("City").fill("Dubai");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForURL("**/user?notice=profile-saved").catch(async (error) => {
      console.log(page.url(), (await page.locator("main").innerText()).slice(0, 800));
      throw error;
    });
    await page.getByRole("heading", { name: "Hello, Layla" }).waitFor();
    await page.context().close();
  });

  it.each([
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const)("renders sign-in and sign-up calmly on %s (screenshots)", async (name, viewport) => {
    const page = await newPage(viewport);
    for (const path of ["/user/login", "/user/signup"]) {
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      await keepShot(page, `${path.split("/").pop()}-${viewport.width}.png`, { fullPage: true });
    }
    await page.goto("/user/signup");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForLoadState("load");
    await keepShot(page, `signup-errors-${viewport.width}.png`, { fullPage: true });
    await expectAccessible(page);
    expect(name).toBeTruthy();
    await page.context().close();
  });
});
