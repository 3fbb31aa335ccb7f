import { existsSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser } from "../browser/harness";
import { ShopJar } from "./shop-jar";

/**
 * A shopper's account through Strapi's users-permissions, in Chromium against the shop
 * pointed at Strapi: sign up, sign out and in, profile, password change, and recovery
 * with the code from the e-mail Strapi wrote to its mail file.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: inject("shopUrl") });
  return context.newPage();
}

interface Mail {
  to: string;
  subject: string;
  text?: string;
  html?: string;
}
function mailsTo(email: string): Mail[] {
  const file = inject("strapiMailFile");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((m) => m.to === email);
}

async function signOut(page: Page) {
  await page.goto("/user");
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL("**/user/login?notice=signed-out");
}

async function signIn(page: Page, identifier: string, password: string) {
  await page.goto("/user/login");
  await page.getByLabel("E-mail or username").fill(identifier);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("a shopper's account, kept by a real Strapi", () => {
  const tag = Date.now().toString(36);
  const shopper = { username: `noor${tag}`, email: `noor.${tag}@example.com`, password: "Jasmine-tea-2024" };

  it("signs up, signs in, edits the profile, changes and recovers the password", async () => {
    const page = await newPage();
    await page.goto("/user/signup");
    await page.getByLabel("Username").fill(shopper.username);
    await page.getByLabel("E-mail").fill(shopper.email);
    await page.getByLabel("Password").fill(shopper.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL("**/user?notice=welcome");
    await page.getByRole("heading", { name: `Hello, ${shopper.username}` }).waitFor();

    await signOut(page);
    await signIn(page, shopper.email, shopper.password);
    await page.waitForURL(/\/user$/);
    await expect(page.getByText(shopper.email).first().isVisible()).resolves.toBe(true);

    // The profile is kept in Strapi's user (the project adds the attributes).
    await page.goto("/user/edit");
    await page.getByLabel("First name").fill("Noor");
    await page.getByLabel("City").fill("Abu Dhabi");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForURL("**/user?notice=profile-saved");
    await page.getByRole("heading", { name: "Hello, Noor" }).waitFor();
    await page.goto("/user/edit");
    await expect(page.getByLabel("City").inputValue()).resolves.toBe("Abu Dhabi");

    await page.goto("/user/password");
    await page.getByLabel("Current password").fill(shopper.password);
    await page.getByLabel("New password", { exact: true }).fill("Orange-blossom-77");
    await page.getByLabel("Repeat the new password").fill("Orange-blossom-77");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.waitForURL("**/user?notice=password-changed");

    await signOut(page);
    await page.goto("/user/password");
    await page.getByLabel("E-mail").fill(shopper.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.waitForURL("**/user/password?notice=reset-sent");
    await expect.poll(() => mailsTo(shopper.email).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const mail = mailsTo(shopper.email).at(-1) as Mail;
    const link = `${mail.html ?? ""} ${mail.text ?? ""}`.match(
      /https?:\/\/[^\s<"]+\/user\/password\?code=[0-9a-f]+/,
    )?.[0];
    expect(link, "Strapi's reset mail links to the shop's page").toBeDefined();
    await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    await page.getByLabel("New password", { exact: true }).fill("Saffron-rose-99");
    await page.getByLabel("Repeat the new password").fill("Saffron-rose-99");
    await page.getByRole("button", { name: "Save new password" }).click();
    await page.waitForURL("**/user?notice=password-reset");

    await signOut(page);
    await signIn(page, shopper.username, "Orange-blossom-77");
    await expect(page.getByText("don't match an account").isVisible()).resolves.toBe(true);
    await signIn(page, shopper.username, "Saffron-rose-99");
    await page.waitForURL(/\/user$/);
    await page.context().close();
  });

  it("keeps 20 of 20 shoppers signed in through sign up, out, in and a password change, the old sessions dead", async () => {
    // Plain form posts, as a browser without JavaScript sends them, with a cookie jar each.
    const shop = inject("shopUrl");
    let stillIn = 0;
    let oldAlive = 0;
    for (let i = 0; i < 20; i++) {
      const who = { username: `seq${tag}${i}`, email: `seq.${tag}.${i}@example.com`, password: "Jasmine-tea-2024" };
      const jar = new ShopJar(shop);
      expect((await jar.send("/user/signup", { ...who, redirect: "/user" })).status).toBe(303);
      const signedUp = jar.copy();
      expect((await jar.send("/user/logout", {})).status).toBe(303);
      expect((await jar.send("/user/login", { identifier: who.email, password: who.password })).status).toBe(303);
      const signedInAgain = jar.copy();
      const changed = await jar.send("/user/password", {
        currentPassword: who.password,
        password: "Orange-blossom-77",
        passwordConfirmation: "Orange-blossom-77",
      });
      expect(changed.headers.get("location")).toBe("/user?notice=password-changed");
      if (await jar.signedIn()) stillIn++;
      if (await signedUp.signedIn()) oldAlive++;
      if (await signedInAgain.signedIn()) oldAlive++;
    }
    expect(stillIn).toBe(20);
    expect(oldAlive).toBe(0);
  }, 180_000);

  it("lets a user change only their own profile fields through Strapi's API", async () => {
    const api = `${inject("strapiUrl")}/api`;
    const register = async (name: string) => {
      const res = await fetch(`${api}/auth/local/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: `${name}${tag}`,
          email: `${name}.${tag}@example.com`,
          password: "Cardamom-2024",
        }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { jwt: string; user: { id: number } };
    };
    const [a, b] = [await register("amal"), await register("badr")];
    const put = (token: string, id: number, body: unknown) =>
      fetch(`${api}/users/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    expect((await put(a.jwt, b.user.id, { firstName: "Mallory" })).status).toBe(403);
    const own = await put(a.jwt, a.user.id, { firstName: "Amal", blocked: true, confirmed: false, role: 1 });
    expect(own.status).toBe(200);
    const me = await fetch(`${api}/users/me?populate=role`, { headers: { authorization: `Bearer ${a.jwt}` } });
    const user = (await me.json()) as { firstName: string; blocked: boolean; confirmed: boolean };
    expect(user).toMatchObject({ firstName: "Amal", blocked: false, confirmed: true });
  });
});
