import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TOKEN_COOKIE } from "../../shared/cookie-names";
import { api, expectStrapiError, register, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { fakeProvider, USER_INFO } from "./support/fake-provider";

// Issued to this shop's client, e-mail verified, unless a test says otherwise.
const provider = fakeProvider({ aud: "shop", email_verified: true });
const { seen } = provider;
const providerToken = provider.token;

describe("GET /api/auth/:provider/callback", () => {
  it("verifies the access token at the provider's user-info endpoint and creates a confirmed user", async () => {
    const email = uniqueShopper().email;
    const token = providerToken({ sub: `sub-${crypto.randomUUID()}`, email, name: "Noor" });
    const res = await api("GET", `/auth/fakeid/callback?access_token=${token}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["jwt", "user"]);
    expect(res.body.user).toMatchObject({ email, provider: "fakeid", confirmed: true, blocked: false });
    expect(seen.at(-1)).toEqual({ url: USER_INFO, authorization: `Bearer ${token}` });
  });

  it("signs the same provider account in as the same user next time", async () => {
    const profile = { sub: `sub-${crypto.randomUUID()}`, email: uniqueShopper().email };
    const first = await api("GET", `/auth/fakeid/callback?access_token=${providerToken(profile)}`);
    const second = await api("GET", `/auth/fakeid/callback?access_token=${providerToken(profile)}`);
    expect(second.body.user.id).toBe(first.body.user.id);
  });

  it("answers Strapi's messages: no token, a refused token, no e-mail, an e-mail already used locally", async () => {
    expectStrapiError(await api("GET", "/auth/fakeid/callback"), 400, "ApplicationError", "No access_token.");
    const refused = await api("GET", "/auth/fakeid/callback?access_token=unknown-token");
    expect(refused.status).toBe(400);
    expect(refused.body.error.name).toBe("ApplicationError");
    const noEmail = await api("GET", `/auth/fakeid/callback?access_token=${providerToken({ sub: "x" })}`);
    expectStrapiError(noEmail, 400, "ApplicationError", "Email was not available.");
    const local = await register();
    const taken = await api(
      "GET",
      `/auth/fakeid/callback?access_token=${providerToken({ sub: "y", email: local.email })}`,
    );
    expectStrapiError(taken, 400, "ApplicationError", "Email is already taken.");
  });

  it("refuses a provider that is not configured", async () => {
    expectStrapiError(
      await api("GET", "/auth/github/callback?access_token=x"),
      400,
      "ApplicationError",
      "This provider is disabled",
    );
    expectStrapiError(await api("GET", "/connect/github"), 400, "ApplicationError", "This provider is disabled");
  });

  it("GET /api/connect/:provider sends the browser to the provider", async () => {
    const res = await api("GET", "/connect/fakeid");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://id.fake-provider.test/authorize?client_id=shop");
  });
});

describe("provider sign-in in the storefront", () => {
  it("keeps the redirect target through the round trip and signs the shopper in on return", async () => {
    const browser = new Browser();
    const start = await browser.get("/user/connect/fakeid?redirect=%2Fuser%2Fedit");
    expect(start.status).toBe(302);
    const state = start.headers.get("location")?.match(/^\/api\/connect\/fakeid\?state=([0-9a-f]{32})$/)?.[1];
    expect(state).toBeDefined();
    const email = uniqueShopper().email;
    const back = await browser.get(
      `/user/auth/fakeid/callback?access_token=${providerToken({ sub: crypto.randomUUID(), email })}&state=${state}`,
    );
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/user/edit");
    expect(browser.cookies.get(TOKEN_COOKIE)).toBeDefined();
    expect(await (await browser.get("/user")).text()).toContain(email);
  });

  it("shows a friendly message when the provider refuses, and stays signed out", async () => {
    const browser = new Browser();
    const state = (await browser.get("/user/connect/fakeid")).headers.get("location")?.split("state=")[1];
    const res = await browser.get(`/user/auth/fakeid/callback?access_token=refused&state=${state}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Sign in");
    expect(browser.cookies.has(TOKEN_COOKIE)).toBe(false);
  });
});

describe("sign-in hooks", () => {
  it("run in order with the user and the visitor id; one that throws does not stop the others", async () => {
    const { Hono } = await import("hono");
    const { runSignInHooks } = await import("../../worker/platform/session/sign-in-hooks");
    const { ensureVisitorId } = await import("../../worker/platform/security/visitor-id");
    const { toSessionUser } = await import("../../worker/platform/session/session");
    type AppEnv = import("../../worker/platform/app-env").AppEnv;
    const calls: string[] = [];
    const user = toSessionUser({ id: 7, username: "noor", email: "noor@example.com" });
    const app = new Hono<AppEnv>();
    app.get("/visit", async (c) => c.text(await ensureVisitorId(c)));
    app.get("/sign-in", async (c) => {
      await runSignInHooks(c, user, [
        async (_c, u, visitorId) => {
          calls.push(`first:${u.id}:${visitorId}`);
          throw new Error("merge failed");
        },
        async (_c, u, visitorId) => {
          calls.push(`second:${u.id}:${visitorId}`);
        },
      ]);
      return c.text("ok");
    });
    const visit = await app.request("/visit", {}, env);
    const visitorId = await visit.text();
    const cookie = visit.headers.getSetCookie()[0]!.split(";")[0]!;
    const res = await app.request("/sign-in", { headers: { cookie } }, env);
    expect(res.status).toBe(200);
    expect(calls).toEqual([`first:7:${visitorId}`, `second:7:${visitorId}`]);
  });
});
