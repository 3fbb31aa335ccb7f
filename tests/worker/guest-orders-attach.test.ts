import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { latestMail, setAuthSetting, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * Guest orders join the account of their e-mail once that e-mail is proven (decision 0128): signed up
 * while the shop confirms e-mails, confirmed by the link, then signed in. Never on an unproven claim,
 * and every order read still checks its owner.
 */
async function guestOrder(email: string): Promise<string> {
  const [slug] = await productSlugs();
  const guest = new Browser();
  expect((await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
  const res = await guest.post(
    "/cart/order",
    { ...customer, email, idempotencyKey: crypto.randomUUID() },
    { from: null },
  );
  expect(res.status).toBe(303);
  return res.headers.get("location")!.split("/").pop()!.split("?")[0]!;
}

async function signIn(shopper: { email: string; password: string }): Promise<Browser> {
  const browser = new Browser();
  const res = await browser.post("/user/login", { identifier: shopper.email, password: shopper.password });
  expect(res.status).toBe(303);
  return browser;
}

const ownerOf = async (number: string) =>
  (await env.DB.prepare("SELECT user_id FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ user_id: number | null }>())!.user_id;

afterEach(async () => {
  await setAuthSetting("email_confirmation", "false");
});

describe("guest orders and the account of their e-mail", () => {
  it("are listed under My orders once the e-mail is confirmed and the shopper signs in; another account can't see them", async () => {
    await setAuthSetting("email_confirmation", "true");
    const shopper = uniqueShopper("guestfirst");
    const number = await guestOrder(shopper.email);
    const signup = await new Browser().post("/user/signup", shopper, { from: "/user/signup" });
    expect(await signup.text()).toContain("Check your inbox");
    // Not before the e-mail is confirmed.
    expect(await ownerOf(number)).toBeNull();
    const { code } = await latestMail(shopper.email);
    expect((await new Browser().get(`/api/auth/email-confirmation?confirmation=${code}`)).status).toBe(302);

    const browser = await signIn(shopper);
    const mine = await (await browser.get("/user/orders")).text();
    expect(mine).toContain(number);
    expect(mine).not.toContain("You haven't placed an order yet.");
    expect((await browser.get(`/user/orders/${number}`)).status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM account_email_proofs").first("n")).toBe(0);

    await setAuthSetting("email_confirmation", "false");
    const other = uniqueShopper("someoneelse");
    await new Browser().post("/user/signup", other, { from: "/user/signup" });
    const theirs = await signIn(other);
    expect((await theirs.get(`/user/orders/${number}`)).status).toBe(404);
    expect(await (await theirs.get("/user/orders")).text()).not.toContain(number);
  });

  it("stay guest orders for an account whose e-mail was never proven (the shop does not confirm e-mails)", async () => {
    const shopper = uniqueShopper("claimer");
    const number = await guestOrder(shopper.email);
    const signup = await new Browser().post(
      "/user/signup",
      { ...shopper, redirect: "/user" },
      { from: "/user/signup" },
    );
    expect(signup.status).toBe(303);
    const browser = await signIn(shopper);
    expect(await (await browser.get("/user/orders")).text()).not.toContain(number);
    expect((await browser.get(`/user/orders/${number}`)).status).toBe(404);
    expect(await ownerOf(number)).toBeNull();
  });
});
