import { describe, expect, it } from "vitest";
import { PROVIDER_STATE_COOKIE, TOKEN_COOKIE } from "../../shared/cookie-names";
import { api, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { fakeProvider } from "./support/fake-provider";

// No claims added: these tests check the audience and the verified e-mail themselves.
const { token } = fakeProvider();

describe("provider sign-in checks whom the token was for (issue 13, item 6)", () => {
  it("refuses an access token another app obtained from its user", async () => {
    const email = uniqueShopper().email;
    const other = token({ sub: crypto.randomUUID(), email, email_verified: true, aud: "some-other-app" });
    const res = await api("GET", `/auth/fakeid/callback?access_token=${other}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      "This sign-in was not made for this shop. Please start the sign-in again from our sign-in page.",
    );
    const unnamed = token({ sub: crypto.randomUUID(), email, email_verified: true });
    expect((await api("GET", `/auth/fakeid/callback?access_token=${unnamed}`)).status).toBe(400);
  });

  it("accepts a token whose azp is this shop's client", async () => {
    const email = uniqueShopper().email;
    const ours = token({ sub: crypto.randomUUID(), email, email_verified: true, aud: "api", azp: "shop" });
    expect((await api("GET", `/auth/fakeid/callback?access_token=${ours}`)).status).toBe(200);
  });

  it("does not find or make an account by an e-mail the provider has not verified", async () => {
    const email = uniqueShopper().email;
    const first = token({ sub: `a-${crypto.randomUUID()}`, email, email_verified: true, aud: "shop" });
    const owner = await api("GET", `/auth/fakeid/callback?access_token=${first}`);
    expect(owner.status).toBe(200);
    // Another provider account claiming the same address, unverified: not let into the first one's account.
    const claim = token({ sub: `b-${crypto.randomUUID()}`, email, email_verified: false, aud: "shop" });
    const res = await api("GET", `/auth/fakeid/callback?access_token=${claim}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Your e-mail address is not verified with this sign-in provider.");
    const fresh = token({ sub: crypto.randomUUID(), email: uniqueShopper().email, aud: "shop" });
    expect((await api("GET", `/auth/fakeid/callback?access_token=${fresh}`)).status).toBe(400);
  });
});

describe("provider sign-in is bound to the browser that started it (login CSRF)", () => {
  it("refuses a callback link in a browser that never started a sign-in", async () => {
    const attackers = token({
      sub: crypto.randomUUID(),
      email: uniqueShopper().email,
      email_verified: true,
      aud: "shop",
    });
    const victim = new Browser();
    const res = await victim.get(`/user/auth/fakeid/callback?access_token=${attackers}&state=${"a".repeat(32)}`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This sign-in did not start in this browser");
    expect(victim.cookies.has(TOKEN_COOKIE)).toBe(false);
  });

  it("refuses a callback whose state is not the one this browser was given", async () => {
    const victim = new Browser();
    await victim.get("/user/connect/fakeid");
    const attackers = token({
      sub: crypto.randomUUID(),
      email: uniqueShopper().email,
      email_verified: true,
      aud: "shop",
    });
    const res = await victim.get(`/user/auth/fakeid/callback?access_token=${attackers}&state=${"b".repeat(32)}`);
    expect(res.status).toBe(400);
    expect(victim.cookies.has(TOKEN_COOKIE)).toBe(false);
  });

  it("passes the state through the embedded CMS's connect route to the provider", async () => {
    const browser = new Browser();
    const start = await browser.get("/user/connect/fakeid");
    const next = start.headers.get("location")!;
    const stateCookie = start.headers.getSetCookie().find((line) => line.startsWith(`${PROVIDER_STATE_COOKIE}=`));
    // A __Host- cookie: this host only (no Domain), path /, Secure.
    expect(stateCookie).toMatch(/Path=\//);
    expect(stateCookie).toMatch(/Secure/);
    expect(stateCookie).not.toMatch(/Domain=/i);
    const toProvider = await browser.get(next);
    expect(toProvider.status).toBe(302);
    const state = new URL(next, "https://shop.example").searchParams.get("state");
    expect(toProvider.headers.get("location")).toBe(
      `https://id.fake-provider.test/authorize?client_id=shop&state=${state}`,
    );
  });
});
