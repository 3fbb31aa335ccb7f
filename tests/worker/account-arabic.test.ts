import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { TOKEN_COOKIE } from "../../shared/cookie-names";
import { ar } from "../../shared/i18n/ar";
import { api, latestMail, register, setAuthSetting, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { fakeProvider } from "./support/fake-provider";

/**
 * The account area under /ar (decision 0090): its screens, the messages beside the fields of a form
 * posted without JavaScript, the e-mails an account gets, and provider sign-in, all in Arabic;
 * the English pages keep their words.
 */

/** Latin words a shopper reads in a page's <main>: text and the attributes read out (not scripts, not tags). */
function latinWordsInMain(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  const read = main
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*?\b(?:alt|aria-label|placeholder|title)="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]*>/g, " ");
  // The shopper's own e-mail address, and the e-mail format shown in a message, are not words of the shop.
  const words = read.replace(/[\w.+-]+@[\w.-]+/g, " ").match(/[A-Za-z]{2,}/g) ?? [];
  // File formats, and the test's sign-in provider, are names, not words of the shop.
  return words.filter((word) => !["PNG", "JPG", "GIF", "FakeID"].includes(word));
}

/** The message shown beside a field (account-ui's Field). */
function fieldError(html: string, name: string): string | undefined {
  return html.match(new RegExp(`id="field-${name}-error"[^>]*>[\\s\\S]*?<span>([^<]*)</span>`))?.[1];
}

function accountLocale(userId: number) {
  return env.DB.prepare("SELECT locale FROM account_locales WHERE user_id = ?1")
    .bind(userId)
    .first<{ locale: string }>()
    .then((row) => row?.locale ?? null);
}

async function outboxHtml(to: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT body_html FROM outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT 1")
    .bind(to)
    .first<{ body_html: string | null }>();
  return row?.body_html ?? null;
}

describe("the account screens in Arabic", () => {
  it("sign-in, sign-up and password pages answer in Arabic, right to left, with no English left in them", async () => {
    const browser = new Browser();
    for (const [path, title] of [
      ["/ar/user/login", ar.account.signIn],
      ["/ar/user/signup", ar.account.createAnAccount],
      ["/ar/user/password", ar.account.resetTitle],
      ["/ar/user/password?code=abcdef0123456789", ar.account.chooseNewPassword],
    ] as const) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<html lang="ar" dir="rtl"');
      expect(html, path).toContain(`<title>${title}`);
      expect(latinWordsInMain(html), path).toEqual([]);
    }
  });

  it("the signed-in shopper's account, profile and password pages are Arabic too", async () => {
    const shopper = await register();
    const browser = new Browser();
    expect((await browser.post("/user/login", { identifier: shopper.email, password: shopper.password })).status).toBe(
      303,
    );
    const account = await (await browser.get("/ar/user")).text();
    expect(account).toContain(`مرحبًا، ${shopper.username}`);
    expect(account).toContain(ar.account.links.ordersText);
    for (const path of ["/ar/user", "/ar/user/edit", "/ar/user/password"]) {
      const html = await (await browser.get(path)).text();
      // The shopper's username is theirs, not the shop's.
      expect(
        latinWordsInMain(html).filter((word) => !shopper.username.includes(word)),
        path,
      ).toEqual([]);
    }
  });

  it("a sign-in form posted without JavaScript shows Arabic messages beside its fields", async () => {
    const browser = new Browser();
    const res = await browser.post("/user/login", { identifier: "", password: "" }, { from: "/user/login" });
    expect(res.status).toBe(422);
    const english = await res.text();
    expect(fieldError(english, "identifier")).toBe("Enter your e-mail or username.");
    expect(fieldError(english, "password")).toBe("Enter your password.");

    const arabic = await browser.post("/ar/user/login", { identifier: "", password: "" }, { from: "/ar/user/login" });
    expect(arabic.status).toBe(422);
    const html = await arabic.text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(fieldError(html, "identifier")).toBe(ar.accountErrors.identifierMissing);
    expect(fieldError(html, "password")).toBe(ar.accountErrors.passwordMissing);
    expect(latinWordsInMain(html)).toEqual([]);
  });

  it("a refused sign-in says why in Arabic", async () => {
    const shopper = await register();
    const browser = new Browser();
    const res = await browser.post(
      "/ar/user/login",
      { identifier: shopper.email, password: "Wrong-password-1" },
      { from: "/ar/user/login" },
    );
    expect(res.status).toBe(422);
    expect(fieldError(await res.text(), "password")).toBe(ar.accountProblems.wrongCredentials);
  });

  it("sign-up and password forms check in Arabic; English keeps its words", async () => {
    const browser = new Browser();
    const bad = { username: "a b", email: "mariam@", password: "short" };
    const arabic = await (await browser.post("/ar/user/signup", bad, { from: "/ar/user/signup" })).text();
    expect(fieldError(arabic, "username")).toBe(ar.accountErrors.usernameInvalid);
    expect(fieldError(arabic, "email")).toBe(ar.fieldErrors.emailInvalid);
    expect(fieldError(arabic, "password")).toBe("استخدم 8 أحرف على الأقل.");
    expect(arabic).toContain("استخدم 8 أحرف على الأقل، منها حرف لاتيني ورقم واحد على الأقل.");
    const english = await (await browser.post("/user/signup", bad, { from: "/user/signup" })).text();
    expect(fieldError(english, "username")).toBe(
      "Use 3 to 30 characters: letters, numbers, dots, dashes or underscores.",
    );
    expect(fieldError(english, "email")).toBe("Enter an e-mail address like name@example.com.");
    expect(fieldError(english, "password")).toBe("Use at least 8 characters.");
    expect(english).toContain("Use at least 8 characters, with at least one letter and one number.");
    expect(english).toContain('By leaving a request, you agree to the <a href="/privacy-policy">privacy policy</a>');

    const forgot = await browser.post("/ar/user/password/forgot", { email: "" }, { from: "/ar/user/password" });
    expect(forgot.status).toBe(422);
    expect(fieldError(await forgot.text(), "email")).toBe(ar.fieldErrors.emailMissing);
    const reset = await browser.post(
      "/ar/user/password/reset",
      { code: "abcdef0123456789", password: "Rosewater-2024", passwordConfirmation: "Rosewater-2025" },
      { from: "/ar/user/password?code=abcdef0123456789" },
    );
    expect(reset.status).toBe(422);
    expect(fieldError(await reset.text(), "passwordConfirmation")).toBe(ar.accountErrors.notTheSame);
  });
});

describe("the Arabic profile form", () => {
  it("marks a bad phone and a file that is not an image in Arabic, with the upload limit in Arabic units", async () => {
    const shopper = await register();
    const browser = new Browser();
    await browser.post("/user/login", { identifier: shopper.email, password: shopper.password });
    const page = await (await browser.get("/ar/user/edit")).text();
    expect(page).toContain("PNG أو JPG أو GIF بحجم أقصاه 5 ميغابايت");
    const form = new FormData();
    form.set("firstName", "ليلى");
    form.set("phone", "call me maybe");
    form.set("avatar", new File([new TextEncoder().encode("not an image")], "me.png", { type: "image/png" }));
    const res = await browser.postMultipart("/ar/user/edit", form, "/ar/user/edit");
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(fieldError(html, "phone")).toBe(ar.accountErrors.phoneInvalid);
    expect(fieldError(html, "avatar")).toBe(
      "هذا الملف ليس صورة بصيغة PNG أو JPG أو GIF. PNG أو JPG أو GIF بحجم أقصاه 5 ميغابايت.",
    );
    expect(html).toContain('value="ليلى"');
  });
});

describe("account e-mails in the account's language", () => {
  afterEach(async () => {
    await setAuthSetting("email_confirmation", "false");
  });

  it("a reset asked for on an Arabic page is written in Arabic, links to the Arabic page and is remembered", async () => {
    const shopper = await register();
    const browser = new Browser();
    const res = await browser.post("/ar/user/password/forgot", { email: shopper.email }, { from: "/ar/user/password" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/ar/user/password?notice=reset-sent");
    const { row, code } = await latestMail(shopper.email);
    expect(row?.kind).toBe("reset-password");
    expect(row?.subject).toBe(ar.accountMail.reset.subject);
    expect(row?.body_text).toContain(ar.accountMail.reset.body);
    expect(row?.body_text).toContain(`https://shop.example/ar/user/password?code=${code}`);
    expect(row?.body_text.replace(/https:\S+/, "")).not.toMatch(/[A-Za-z]/);
    const html = await outboxHtml(shopper.email);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain(`href="https://shop.example/ar/user/password?code=${code}"`);
    expect(html).toContain(ar.accountMail.reset.button);
    expect(await accountLocale(shopper.id)).toBe("ar");

    // The link's page is Arabic, and the new password is taken there.
    const page = await browser.get(`/ar/user/password?code=${code}`);
    expect(await page.text()).toContain(ar.account.chooseNewPassword);
  });

  it("a reset asked for through the API alone is written in the account's language", async () => {
    const shopper = await register();
    await new Browser().post("/ar/user/password/forgot", { email: shopper.email }, { from: "/ar/user/password" });
    // An API client that names no language: the account's Arabic.
    expect((await api("POST", "/auth/forgot-password", { email: shopper.email })).status).toBe(200);
    expect((await latestMail(shopper.email)).row?.subject).toBe(ar.accountMail.reset.subject);
  });

  it("an English page's reset stays English, word for word", async () => {
    const shopper = await register();
    const browser = new Browser();
    await browser.post("/user/password/forgot", { email: shopper.email }, { from: "/user/password" });
    const { row, code } = await latestMail(shopper.email);
    expect(row?.subject).toBe("Reset your password");
    expect(row?.body_text).toBe(
      [
        "Hello,",
        "",
        "We received a request to reset the password of your account. Follow this link to choose a new one:",
        `https://shop.example/user/password?code=${code}`,
        "",
        "The link works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.",
      ].join("\n"),
    );
    expect(await outboxHtml(shopper.email)).toContain('<html lang="en" dir="ltr">');
  });

  it("signing up on an Arabic page sends the confirmation in Arabic, and the link lands on the Arabic sign-in", async () => {
    await setAuthSetting("email_confirmation", "true");
    const shopper = uniqueShopper();
    const browser = new Browser();
    const res = await browser.post("/ar/user/signup", { ...shopper, redirect: "/user" }, { from: "/ar/user/signup" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(ar.account.checkInbox);
    const { row, code } = await latestMail(shopper.email);
    expect(row?.kind).toBe("email-confirmation");
    expect(row?.subject).toBe(ar.accountMail.confirm.subject);
    expect(row?.body_text).toContain(ar.accountMail.confirm.body);
    const follow = await api("GET", `/auth/email-confirmation?confirmation=${code}`);
    expect(follow.status).toBe(302);
    expect(follow.headers.get("location")).toBe("/ar/user/login?confirmed=1");
    const signedIn = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    expect(await accountLocale(signedIn.body.user.id)).toBe("ar");
  });
});

describe("provider sign-in from an Arabic page", () => {
  const providerToken = fakeProvider({ aud: "shop", email_verified: true }).token;

  it("returns to the Arabic page it started from, and the account keeps Arabic", async () => {
    const browser = new Browser();
    const login = await (await browser.get("/ar/user/login?redirect=%2Fuser%2Fedit")).text();
    expect(login).toContain(`href="/ar/user/connect/fakeid?redirect=%2Fuser%2Fedit"`);
    expect(login).toContain("المتابعة عبر FakeID");
    const start = await browser.get("/ar/user/connect/fakeid?redirect=%2Fuser%2Fedit");
    expect(start.status).toBe(302);
    const state = start.headers.get("location")?.match(/^\/api\/connect\/fakeid\?state=([0-9a-f]{32})$/)?.[1];
    expect(state).toBeDefined();
    const email = uniqueShopper().email;
    // The provider sends every shopper back to the one callback URL, without a prefix.
    const back = await browser.get(
      `/user/auth/fakeid/callback?access_token=${providerToken({ sub: crypto.randomUUID(), email })}&state=${state}`,
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/ar/user/edit");
    expect(browser.cookies.get(TOKEN_COOKIE)).toBeDefined();
    const edit = await (await browser.get("/ar/user/edit")).text();
    expect(edit).toContain(ar.account.profileLead);
    const user = await env.DB.prepare("SELECT id FROM cms_users WHERE email = ?1").bind(email).first<{ id: number }>();
    expect(await accountLocale(user?.id ?? 0)).toBe("ar");
  });

  it("a refused provider sign-in from an Arabic page is answered in Arabic", async () => {
    const browser = new Browser();
    const state = (await browser.get("/ar/user/connect/fakeid")).headers.get("location")?.split("state=")[1];
    const res = await browser.get(`/user/auth/fakeid/callback?access_token=refused&state=${state}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain(ar.account.signIn);
  });

  it("started on an English page, it returns to English", async () => {
    const browser = new Browser();
    const state = (await browser.get("/user/connect/fakeid")).headers.get("location")?.split("state=")[1];
    const email = uniqueShopper().email;
    const back = await browser.get(
      `/user/auth/fakeid/callback?access_token=${providerToken({ sub: crypto.randomUUID(), email })}&state=${state}`,
    );
    expect(back.headers.get("location")).toBe("/user");
  });
});
