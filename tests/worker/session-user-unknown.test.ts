import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_COOKIE, TOKEN_COOKIE } from "../../shared/cookie-names";
import { embeddedCms } from "../../worker/index";
import { hashOf } from "../../worker/platform/session/session-store";
import { sendWith } from "./support/app-request";
import { openSessionFor, register } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { probeD1 } from "./support/d1-probe";

/**
 * A signed-in shopper whose user the CMS cannot give just now (decision 0135): asked once more,
 * and when the second ask fails too and no profile was seen in the last minutes, the page is a 503
 * with a sentence in the layout, never the page a visitor would get, and the session is kept. With
 * a CMS at CMS_URL, its /users/me answered by a stub on a controlled clock (only `Date` is faked).
 */
const CMS = "https://cms.example";
const bindings = { ...env, CMS_URL: CMS } as Env;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

type Answer = number | "no answer";

/** The CMS's /users/me answers each ask with the next of `answers` (the last one again when they run out). */
function cmsAnswers(user: { id: number; username: string; email: string }, answers: Answer[]): { asked: number } {
  const seen = { asked: 0 };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== CMS || url.pathname !== "/api/users/me") throw new Error(`unexpected fetch ${url}`);
    const answer = answers[Math.min(seen.asked++, answers.length - 1)]!;
    if (answer === "no answer") throw new TypeError("Network connection lost.");
    if (answer === 200) return Response.json({ ...user, provider: "local", confirmed: true, blocked: false });
    return Response.json(
      { data: null, error: { status: answer, name: "InternalServerError", message: "CMS says no", details: {} } },
      { status: answer },
    );
  });
  return seen;
}

/** A signed-in browser whose user nobody has looked up yet, sending to the shop with the stubbed CMS. */
async function signedInBrowser() {
  vi.useFakeTimers({ toFake: ["Date"] });
  const account = await register();
  const browser = new Browser(sendWith(bindings));
  for (const [name, value] of Object.entries(await openSessionFor(account))) browser.cookies.set(name, value);
  const sessionId = browser.cookies.get(SESSION_COOKIE)!;
  return { browser, sessionId, user: { id: account.id, username: account.username, email: account.email } };
}

async function sessionEnded(sessionId: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT ended_at FROM shop_sessions WHERE id_hash = ?1")
    .bind(await hashOf(sessionId))
    .first<{ ended_at: number | null }>();
  return row?.ended_at != null;
}

describe("a signed-in shopper whose user the CMS cannot give just now", () => {
  it("is asked for once more, and the second answer serves the page signed in", async () => {
    const { browser, user } = await signedInBrowser();
    const cms = cmsAnswers(user, [503, 200]);
    const res = await browser.get("/user");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Sign out");
    expect(cms.asked).toBe(2);
  });

  it("gets a 503 with a sentence in the layout when both asks fail, never a visitor's page, and stays signed in", async () => {
    const { browser, sessionId, user } = await signedInBrowser();
    const cms = cmsAnswers(user, [503, "no answer"]);
    const res = await browser.get("/user");
    expect(cms.asked).toBe(2);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    expect(res.headers.get("cache-control")).toContain("no-");
    const html = await res.text();
    expect(html).toContain("load your account just now");
    expect(html).toContain("You are still signed in.");
    expect(html).toContain('href="/user"');
    // In the layout: the site's header and footer around it.
    expect(html).toMatch(/<header[\s\S]*<main[\s\S]*<footer/);
    expect(res.headers.getSetCookie().some((line) => line.startsWith(`${TOKEN_COOKIE}=;`))).toBe(false);
    expect(await sessionEnded(sessionId)).toBe(false);

    // A shared page too: not shown as a visitor's.
    const home = await browser.get("/");
    expect(home.status).toBe(503);
    expect(await home.text()).toContain("load your account just now");

    // In Arabic, in the Arabic page's words.
    const arabic = await browser.get("/ar/user");
    expect(arabic.status).toBe(503);
    expect(await arabic.text()).toContain("تعذّر علينا تحميل حسابك الآن");

    // The bag's islands ask for JSON: the sentence as JSON, nothing added to a visitor's bag.
    const tap = await browser.post(
      "/cart/add",
      { slug: "any", quantity: "1" },
      { from: null, headers: { accept: "application/json" } },
    );
    expect(tap.status).toBe(503);
    expect(await tap.json()).toEqual({ ok: false, message: expect.stringContaining("You are still signed in.") });

    // The CMS back: signed in as before.
    cmsAnswers(user, [200]);
    const back = await browser.get("/user");
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("Sign out");
  });

  it("the embedded CMS's D1 failing inside /users/me is its trouble too: a 503, the session kept", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const account = await register();
    // The shop's own D1 as it is; the embedded CMS's D1 losing every call, as D1 does now and then.
    const failing = probeD1(env.DB, { fail: () => "before" });
    let asked = 0;
    const cms = {
      fetch(request: Request) {
        if (new URL(request.url).pathname === "/api/users/me") asked++;
        return embeddedCms.fetch(request, { ...env, DB: failing.db });
      },
    };
    const browser = new Browser(sendWith({ ...env, CMS: cms } as Env));
    for (const [name, value] of Object.entries(await openSessionFor(account))) browser.cookies.set(name, value);
    const sessionId = browser.cookies.get(SESSION_COOKIE)!;
    const res = await browser.get("/user");
    expect(res.status).toBe(503);
    expect(asked).toBe(2);
    expect(await res.text()).toContain("You are still signed in.");
    expect(browser.cookies.get(SESSION_COOKIE)).toBe(sessionId);
    expect(await sessionEnded(sessionId)).toBe(false);
  });

  it("can still sign out: the session ends though the CMS cannot say whose it is", async () => {
    const { browser, sessionId, user } = await signedInBrowser();
    cmsAnswers(user, [503]);
    const res = await browser.post("/user/logout", {}, { from: null });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user/login?notice=signed-out");
    expect(await sessionEnded(sessionId)).toBe(true);
  });
});
