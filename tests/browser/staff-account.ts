import type { Page } from "playwright-core";
import type { TestShop } from "./shop";

/** A shop account (a staff member's, once given the role). */
export interface StaffAccount {
  username: string;
  email: string;
  password: string;
}

/** A staff member as the shop makes one: signed up on `page`, then given the role as the owner would. */
export async function signUpAsStaff(page: Page, shop: TestShop, account: StaffAccount): Promise<void> {
  await signUpThroughForm(page, account);
  // As `npm run staff -- grant` gives it.
  await shop.execute("UPDATE cms_users SET role = 'staff' WHERE email = ?1", account.email);
}

/** Signs up through the shop's form on `page`, its welcome page waited for. */
export async function signUpThroughForm(page: Page, account: StaffAccount): Promise<void> {
  await page.goto("/user/signup");
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/user?notice=welcome");
}

/** Signs in to the desk on `page` as a member who is not signed in: /staff sends them to sign in, then back. */
export async function signInToDesk(page: Page, account: Pick<StaffAccount, "email" | "password">): Promise<void> {
  await page.goto("/staff");
  await page.waitForURL(/\/user\/login\?redirect=%2Fstaff/);
  await page.getByLabel("E-mail or username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/staff$/);
}

/**
 * A new staff member at the desk on `page`: signed up, given the role, then signed in again (the role is
 * read at sign-in), as a member who was just made staff does.
 */
export async function onTheDesk(page: Page, shop: TestShop, account: StaffAccount): Promise<void> {
  await signUpAsStaff(page, shop, account);
  await page.context().clearCookies();
  await signInToDesk(page, account);
}
