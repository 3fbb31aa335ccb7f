import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOKEN_COOKIE } from "../../shared/cookie-names";
import { revokeToken } from "../../worker/platform/security/revoked-tokens";
import { appRequest } from "./support/app-request";
import { api, latestMail, register } from "./support/auth-api";
import { Browser } from "./support/browser-session";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("sessions that end (issue 13, item 2)", () => {
  it("a password change ends every older token; the new one works", async () => {
    const shopper = await register();
    const other = await api("POST", "/auth/local", { identifier: shopper.email, password: shopper.password });
    const changed = await api(
      "POST",
      "/auth/change-password",
      { currentPassword: shopper.password, password: "Jasmine-2025", passwordConfirmation: "Jasmine-2025" },
      { token: shopper.jwt },
    );
    expect(changed.status).toBe(200);
    expect((await api("GET", "/users/me", undefined, { token: shopper.jwt })).status).toBe(401);
    expect((await api("GET", "/users/me", undefined, { token: other.body.jwt })).status).toBe(401);
    expect((await api("GET", "/users/me", undefined, { token: changed.body.jwt })).status).toBe(200);
  });

  it("a password reset ends every older token", async () => {
    const shopper = await register();
    expect((await api("POST", "/auth/forgot-password", { email: shopper.email })).status).toBe(200);
    const { code } = await latestMail(shopper.email);
    const reset = await api("POST", "/auth/reset-password", {
      code,
      password: "Jasmine-2025",
      passwordConfirmation: "Jasmine-2025",
    });
    expect(reset.status).toBe(200);
    const old = await api("GET", "/users/me", undefined, { token: shopper.jwt });
    expect(old.status).toBe(401);
    expect(old.body.error.message).toBe("Missing or invalid credentials");
    expect((await api("GET", "/users/me", undefined, { token: reset.body.jwt })).status).toBe(200);
  });

  it("signing out revokes the token, so a copy of the cookie no longer signs anyone in", async () => {
    const shopper = await register();
    const browser = new Browser();
    await browser.post("/user/login", { identifier: shopper.email, password: shopper.password });
    const token = browser.cookies.get(TOKEN_COOKIE);
    expect(token).toBeTruthy();
    const out = await browser.post("/user/logout", {}, { from: "/user" });
    expect(out.status).toBe(303);
    expect((await api("GET", "/users/me", undefined, { token })).status).toBe(401);
    // The copied cookie on another "device" is anonymous.
    const thief = new Browser();
    thief.cookies.set(TOKEN_COOKIE, token!);
    const page = await thief.get("/user");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/user\/login/);
  });

  it("the storefront refuses a signed-out token itself when a real Strapi (CMS_URL) is behind it", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/api/users/me")) {
        asked.push(url);
        return Response.json({ id: 7, username: "ann", email: "ann@example.com" });
      }
      return new Response("not stubbed", { status: 404 });
    });
    const strapiEnv = { ...env, CMS_URL: "https://cms.example" };
    const fakeToken = () => `eyJhbGciOiJIUzI1NiJ9.eyJpZCI6N30.${crypto.randomUUID().replaceAll("-", "")}`;
    const visit = (token: string) =>
      appRequest("/cart", { headers: { cookie: `${TOKEN_COOKIE}=${token}` } }, strapiEnv);

    // Control: a token nobody signed out is sent to Strapi's /users/me.
    await visit(fakeToken());
    expect(asked).toHaveLength(1);

    const signedOut = fakeToken();
    await revokeToken(env.DB, signedOut);
    const res = await visit(signedOut);
    expect(asked).toHaveLength(1);
    expect(res.headers.getSetCookie().some((line) => line.startsWith(`${TOKEN_COOKIE}=;`))).toBe(true);
  });
});

describe("a sign-in right after a password change", () => {
  it("gets a token that works, even within the same second as the change", async () => {
    const shopper = await register();
    const changed = await api(
      "POST",
      "/auth/change-password",
      { currentPassword: shopper.password, password: "Jasmine-2025", passwordConfirmation: "Jasmine-2025" },
      { token: shopper.jwt },
    );
    expect(changed.status).toBe(200);
    const again = await api("POST", "/auth/local", { identifier: shopper.email, password: "Jasmine-2025" });
    expect(again.status).toBe(200);
    expect((await api("GET", "/users/me", undefined, { token: again.body.jwt })).status).toBe(200);
  });
});

describe("a sign-in right after signing out", () => {
  it("is not handed the token just revoked (tokens are a function of user and second)", async () => {
    const shopper = await register();
    const browser = new Browser();
    await browser.post("/user/login", { identifier: shopper.email, password: shopper.password });
    await browser.post("/user/logout", {}, { from: "/user" });
    const again = await browser.post("/user/login", { identifier: shopper.email, password: shopper.password });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/user");
    expect((await browser.get("/user")).status).toBe(200);
  });
});
