import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TOKEN_COOKIE } from "../../shared/cookie-names";
import { api, latestMail, register, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { startOfRateWindow } from "./support/rate-window";

async function signedInBrowser(redirect = "/user") {
  const shopper = await register();
  const browser = new Browser();
  const res = await browser.post("/user/login", { identifier: shopper.email, password: shopper.password, redirect });
  expect(res.status).toBe(303);
  return { shopper, browser, res };
}

function tokenCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${TOKEN_COOKIE}=`));
}

function userState(html: string): unknown {
  const json = html.match(/<script type="application\/json" id="strapi_user"[^>]*>(.*?)<\/script>/)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

describe(`the ${TOKEN_COOKIE} cookie`, () => {
  it("is set on sign-in with path /, 7 days, Secure, SameSite Lax and HttpOnly", async () => {
    const { res } = await signedInBrowser();
    const cookie = tokenCookie(res) ?? "";
    expect(cookie).toMatch(new RegExp(String.raw`^${TOKEN_COOKIE}=[\w-]+\.[\w-]+\.[\w-]+;`));
    expect(cookie).toContain("Max-Age=604800");
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("HttpOnly");
  });
});

describe("session transitions (spec section 4)", () => {
  it("is anonymous without a token: the header offers sign-in and the page state is null", async () => {
    const html = await (await new Browser().get("/")).text();
    expect(html).toContain('href="/user/login"');
    expect(userState(html)).toBeNull();
  });

  it("after login, loads the user: the header links to the account and islands get minimal page state", async () => {
    const { shopper, browser } = await signedInBrowser();
    const page = await browser.get("/user");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Hello, ${shopper.username}`);
    expect(html).toContain(shopper.email);
    expect(html).toContain(`Account of ${shopper.username}`);
    expect(userState(html)).toEqual({ id: shopper.id, username: shopper.username, firstName: null, lastName: null });
    const token = browser.cookies.get(TOKEN_COOKIE) ?? "";
    expect(html).not.toContain(token);
  });

  it("login replaces an older token with the new one", async () => {
    const { browser } = await signedInBrowser();
    const first = browser.cookies.get(TOKEN_COOKIE);
    const other = await register();
    const res = await browser.post(
      "/user/login",
      { identifier: other.email, password: other.password },
      { from: "/user" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().filter((line) => line.startsWith(`${TOKEN_COOKIE}=`))).toHaveLength(1);
    expect(browser.cookies.get(TOKEN_COOKIE)).not.toBe(first);
    expect(await (await browser.get("/user")).text()).toContain(`Hello, ${other.username}`);
  });

  it("registration through the form signs the new shopper in", async () => {
    const shopper = uniqueShopper();
    const browser = new Browser();
    const res = await browser.post("/user/signup", { ...shopper, redirect: "/user" }, { from: "/user/signup" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user?notice=welcome");
    expect(tokenCookie(res)).toBeDefined();
    const html = await (await browser.get("/user?notice=welcome")).text();
    expect(html).toContain("Welcome! Your account is ready.");
    expect(html).toContain(shopper.email);
  });

  it("logout is an origin-checked POST that clears token and user", async () => {
    const { browser } = await signedInBrowser();
    const res = await browser.post("/user/logout", {}, { from: "/user" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user/login?notice=signed-out");
    expect(tokenCookie(res)).toMatch(/Max-Age=0/);
    expect(browser.cookies.has(TOKEN_COOKIE)).toBe(false);
    expect((await browser.get("/user")).status).toBe(302);
  });

  it("refuses a logout posted from another site", async () => {
    const { browser } = await signedInBrowser();
    const crossSite = await browser.post("/user/logout", {}, { from: "/user", origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await browser.get("/user")).status).toBe(200);
  });

  it("clears a token the CMS refuses and renders the page anonymously", async () => {
    const browser = new Browser();
    browser.cookies.set(TOKEN_COOKIE, "eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.bad-signature");
    const res = await browser.get("/");
    expect(res.status).toBe(200);
    expect(tokenCookie(res)).toMatch(new RegExp(`^${TOKEN_COOKIE}=;.*Max-Age=0`));
    expect(userState(await res.text())).toBeNull();
  });

  it("clears the token of a shopper who was blocked since signing in", async () => {
    const shopper = await register();
    // A token the session has never looked up, so nothing is cached for it.
    const signIn = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    await env.DB.prepare("UPDATE cms_users SET blocked = 1 WHERE id = ?1").bind(shopper.id).run();
    const browser = new Browser();
    browser.cookies.set(TOKEN_COOKIE, signIn.body.jwt);
    const res = await browser.get("/user");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/user/login?redirect=%2Fuser");
    expect(tokenCookie(res)).toMatch(/Max-Age=0/);
  });

  it("password reset through the e-mail link signs the shopper in with the new password", async () => {
    const shopper = await register();
    const browser = new Browser();
    const ask = await browser.post("/user/password/forgot", { email: shopper.email }, { from: "/user/password" });
    expect(ask.status).toBe(303);
    expect(ask.headers.get("location")).toBe("/user/password?notice=reset-sent");
    const { code } = await latestMail(shopper.email);
    const form = await (await browser.get(`/user/password?code=${code}`)).text();
    expect(form).toContain("Choose a new password");
    const reset = await browser.post(
      "/user/password/reset",
      { code: code!, password: "Fresh-start-42", passwordConfirmation: "Fresh-start-42" },
      { from: `/user/password?code=${code}` },
    );
    expect(reset.status).toBe(303);
    expect(reset.headers.get("location")).toBe("/user?notice=password-reset");
    expect(tokenCookie(reset)).toBeDefined();
    expect((await browser.get("/user")).status).toBe(200);
    const again = await browser.post(
      "/user/password/reset",
      { code: code!, password: "Other-start-42", passwordConfirmation: "Other-start-42" },
      { from: `/user/password?code=${code}` },
    );
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("This reset link has expired or was already used");
  });

  it("asking for a reset link looks the same for an unknown address", async () => {
    const browser = new Browser();
    const res = await browser.post(
      "/user/password/forgot",
      { email: "no-account-here@example.com" },
      { from: "/user/password" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user/password?notice=reset-sent");
  });
});

describe("sign-in form", () => {
  it("shows a wrong password beside the field, keeps the identifier and never echoes the password", async () => {
    const shopper = await register();
    const browser = new Browser();
    const res = await browser.post("/user/login", { identifier: shopper.email, password: "Wrong-guess-77" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/id="field-password-error"[^>]*>.*match an account/);
    expect(html).toContain(`value="${shopper.email}"`);
    expect(html).not.toContain("Wrong-guess-77");
    expect(tokenCookie(res)).toBeUndefined();
  });

  it("asks for both fields before calling the CMS", async () => {
    const res = await new Browser().post("/user/login", { identifier: "", password: "" });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Enter your e-mail or username.");
    expect(html).toContain("Enter your password.");
  });

  it("answers 429 with a plain message once the CMS rate limit is hit", async () => {
    const shopper = await register();
    const browser = new Browser();
    let last: Response | undefined;
    startOfRateWindow();
    for (let i = 0; i < 11; i++) {
      last = await browser.post("/user/login", { identifier: shopper.email, password: `Wrong-${i}-pass` });
    }
    expect(last?.status).toBe(429);
    expect(await last?.text()).toContain("Too many attempts. Please wait a minute, then try again.");
  }, 60_000);

  it("lists the configured providers and links each to its start", async () => {
    const html = await (await new Browser().get("/user/login")).text();
    expect(html).toContain('href="/user/connect/fakeid"');
    expect(html).toContain("Continue with FakeID");
    expect(html).toContain('href="/user/password"');
    expect(html).toContain('href="/user/signup"');
  });
});

describe("sign-up form", () => {
  it("states the password rules and the consent line up front", async () => {
    const html = await (await new Browser().get("/user/signup")).text();
    expect(html).toContain("Use at least 8 characters, with at least one letter and one number.");
    expect(html.replace(/<[^>]+>/g, "")).toContain("By leaving a request, you agree to the privacy policy");
    expect(html).toContain('href="/privacy-policy"');
  });

  it("keeps typed values (not the password) and puts each message beside its field", async () => {
    const res = await new Browser().post(
      "/user/signup",
      { username: "a", email: "not-an-email", password: "short" },
      { from: "/user/signup" },
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/id="field-username-error"/);
    expect(html).toMatch(/id="field-email-error"[^>]*>.*Enter an e-mail address like name@example.com/);
    expect(html).toMatch(/id="field-password-error"[^>]*>.*Use at least 8 characters/);
    expect(html).toContain('value="not-an-email"');
    expect(html).not.toContain('value="short"');
  });

  it("says when the e-mail or username is taken", async () => {
    const taken = await register();
    const res = await new Browser().post(
      "/user/signup",
      { username: `${taken.username}x`, email: taken.email, password: "Valid-pass-1" },
      { from: "/user/signup" },
    );
    expect(res.status).toBe(422);
    expect(await res.text()).toMatch(/id="field-email-error"[^>]*>.*already exists/);
  });

  it("with confirmation on, shows 'check your inbox' with a send-again button, and the link confirms", async () => {
    await env.DB.prepare("UPDATE cms_auth_settings SET value = 'true' WHERE key = 'email_confirmation'").run();
    try {
      const shopper = uniqueShopper();
      const browser = new Browser();
      const res = await browser.post("/user/signup", shopper, { from: "/user/signup" });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Check your inbox");
      expect(html).toContain("Send the link again");
      expect(tokenCookie(res)).toBeUndefined();
      const resend = await browser.post("/user/signup/resend", { email: shopper.email }, { from: "/user/signup" });
      expect(await resend.text()).toContain("We sent the link again.");
      const { code } = await latestMail(shopper.email);
      const confirm = await browser.get(`/api/auth/email-confirmation?confirmation=${code}`);
      expect(confirm.headers.get("location")).toBe("/user/login?confirmed=1");
      expect(await (await browser.get("/user/login?confirmed=1")).text()).toContain("your e-mail address is confirmed");
    } finally {
      await env.DB.prepare("UPDATE cms_auth_settings SET value = 'false' WHERE key = 'email_confirmation'").run();
    }
  });
});

describe("/user/* guards and the redirect after sign-in", () => {
  it("sends anonymous visitors of /user, /user/edit and /user/orders to sign-in with a way back", async () => {
    const browser = new Browser();
    for (const path of ["/user", "/user/edit", "/user/orders"]) {
      const res = await browser.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/user/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("lets anonymous visitors reach sign-in, sign-up and password recovery", async () => {
    const browser = new Browser();
    for (const path of ["/user/login", "/user/signup", "/user/password"]) {
      expect((await browser.get(path)).status).toBe(200);
    }
  });

  it("sends signed-in shoppers from sign-in and sign-up to their account", async () => {
    const { browser } = await signedInBrowser();
    expect((await browser.get("/user/login")).headers.get("location")).toBe("/user");
    expect((await browser.get("/user/signup")).headers.get("location")).toBe("/user");
  });

  it("returns to a local redirect target after sign-in, query included", async () => {
    const { res } = await signedInBrowser("/user/edit?tab=address");
    expect(res.headers.get("location")).toBe("/user/edit?tab=address");
  });

  it.each([
    "https://evil.example/phish",
    "//evil.example/phish",
    "/\\evil.example",
    "javascript:alert(1)",
    " /user/orders",
  ])("never redirects off the site (%s)", async (target) => {
    const { res } = await signedInBrowser(target);
    expect(res.headers.get("location")).toBe("/user");
  });

  it("does not put a foreign redirect into the sign-in form", async () => {
    const html = await (await new Browser().get("/user/login?redirect=%2F%2Fevil.example")).text();
    expect(html).toContain('name="redirect" value="/user"');
  });
});
