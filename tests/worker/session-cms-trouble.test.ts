import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOKEN_COOKIE } from "../../shared/cookie-names";
import { appRequest } from "./support/app-request";
import { register, sessionCookieHeader } from "./support/auth-api";

/**
 * A session is the shop's (D1), and the CMS only tells who its holder is. When the CMS cannot
 * answer (down, slow, rate-limited), a live session is not ended for that: the profile last seen
 * stands in, or the request is a 503 with the cookies kept (decision 0135; what it says is in
 * tests/worker/session-user-unknown.test.ts). Only the CMS's
 * refusal of the token (401, 403) ends it. With a CMS at CMS_URL, answered by a stub.
 */
const CMS = "https://cms.example";
const bindings = { ...env, CMS_URL: CMS } as Env;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The CMS's /users/me answers with `status` (the user when 200); every other call fails the test. */
function cmsAnswers(user: { id: number; username: string; email: string }, status: () => number) {
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== CMS || url.pathname !== "/api/users/me") throw new Error(`unexpected fetch ${url}`);
    const code = status();
    if (code === 200) return Response.json({ ...user, provider: "local", confirmed: true, blocked: false });
    const name = code === 401 ? "UnauthorizedError" : "InternalServerError";
    return Response.json(
      { data: null, error: { status: code, name, message: "CMS says no", details: {} } },
      { status: code },
    );
  });
}

async function page(path: string, cookie: string) {
  const res = await appRequest(path, { headers: { cookie } }, bindings);
  const cleared = res.headers.getSetCookie().some((line) => line.startsWith(`${TOKEN_COOKIE}=;`));
  return { res, cleared, html: await res.text() };
}

describe("a live session while the CMS is in trouble", () => {
  it("is kept when the CMS cannot answer, shows the profile last seen, and ends only when the CMS refuses the token", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const account = await register();
    const cookie = await sessionCookieHeader(account);
    let status = 503;
    cmsAnswers({ id: account.id, username: account.username, email: account.email }, () => status);

    // Never seen, the CMS down: a 503, never a visitor's page, the cookies kept.
    const down = await page("/user", cookie);
    expect(down.res.status).toBe(503);
    expect(down.cleared).toBe(false);

    // The CMS back: signed in.
    status = 200;
    const up = await page("/user", cookie);
    expect(up.res.status).toBe(200);
    expect(up.html).toContain(account.email);

    // Later, the cache's seconds over and the CMS down again: still signed in, as last seen.
    vi.setSystemTime(Date.now() + 16_000);
    status = 503;
    const stale = await page("/user", cookie);
    expect(stale.res.status).toBe(200);
    expect(stale.html).toContain(account.email);
    expect(stale.cleared).toBe(false);

    // A 429 is the CMS's trouble too, not the shopper's.
    vi.setSystemTime(Date.now() + 16_000);
    status = 429;
    expect((await page("/user", cookie)).cleared).toBe(false);

    // The CMS refuses the token: the session is over.
    vi.setSystemTime(Date.now() + 16_000);
    status = 401;
    const refused = await page("/user", cookie);
    expect(refused.res.status).toBe(302);
    expect(refused.cleared).toBe(true);
  });
});
