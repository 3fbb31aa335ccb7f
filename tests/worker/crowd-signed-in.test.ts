import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { issueJwt } from "../../worker/cms/auth/auth-jwt";
import { hashPassword } from "../../worker/cms/auth/password-hash";
import { insertUserStatement } from "../../worker/cms/auth/user-store";
import { app, embeddedCms } from "../../worker/index";
import { writeRows } from "../../worker/platform/routing/route-spec";
import { clientNetwork } from "../../worker/platform/security/rate-limit";
import { fetchWorker } from "./fetch";
import { api, openSessionFor, uniqueIp, uniqueShopper } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { startOfRateWindow } from "./support/rate-window";

/**
 * A crowd of signed-in shoppers behind one carrier address (decision 0135). The embedded CMS's
 * API is limited per address for clients on the internet (`API`, `GRAPHQL` in
 * worker/platform/routing/limit-presets.ts); the shop's own calls to it (the signed-in shopper's
 * /users/me, content queries, the sign-in form's call) are the shop's, made in process
 * (worker/platform/cms-client/cms-service.ts), and must never be refused by those limits, or a
 * crowd behind one address would be served as visitors and its pages would degrade. On a
 * controlled clock (only `Date` is faked) from the start of a ten-minute window.
 */

const PASSWORD = "Rosewater-2024";

/** A route's per-address limit as its row gives it, and the key its counter has for `ip` (route-limits.ts). */
function addressCounter(method: string, path: string, ip: string) {
  const row = writeRows(app).find((r) => r.method === method && r.path === path);
  if (!row) throw new Error(`no row for ${method} ${path}`);
  const { limit, windowSeconds } = row.spec.limits.perAddress;
  return {
    key: `route:${method} ${path}:${clientNetwork(new Headers({ "cf-connecting-ip": ip }))}`,
    limit,
    windowSeconds,
  };
}

/** A counter filled to its limit in this window, as if the crowd's earlier calls had all been counted. */
async function useUp({ key, limit, windowSeconds }: { key: string; limit: number; windowSeconds: number }) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(Date.now() / windowMs) * windowMs;
  await env.DB.prepare(
    "INSERT OR REPLACE INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, ?2, ?3, ?4, ?3)",
  )
    .bind(key, start, limit, start + windowMs)
    .run();
}

/** `count` accounts written straight into the CMS's D1 (one hash, one batch), each signed in in a browser at `ip`. */
async function signedInCrowd(count: number, ip: string): Promise<{ browser: Browser; email: string }[]> {
  const passwordHash = await hashPassword(PASSWORD);
  const people = Array.from({ length: count }, () => uniqueShopper("crowd"));
  const rows = await env.DB.batch(
    people.map((p) => insertUserStatement(env.DB, { ...p, provider: "local", passwordHash, confirmed: true })),
  );
  return Promise.all(
    rows.map(async (row, i) => {
      const id = (row.results[0] as { id: number }).id;
      const browser = new Browser();
      browser.ip = ip;
      for (const [name, value] of Object.entries(await openSessionFor({ id, jwt: await issueJwt(env, id) }))) {
        browser.cookies.set(name, value);
      }
      return { browser, email: people[i]!.email };
    }),
  );
}

/** A product in stock, at its page's path. */
async function aProduct(): Promise<{ path: string; name: string }> {
  const row = await env.DB.prepare(
    `SELECT p.slug, p.name, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
      WHERE p.availability = 'in_stock' ORDER BY p.id LIMIT 1`,
  ).first<{ slug: string; name: string; category: string }>();
  if (!row) throw new Error("The seed has no product in stock");
  return { path: `/catalog/${row.category}/${row.slug}`, name: row.name };
}

/** Whether the page is the account page of a signed-in shopper, whole (no part said to be missing). */
async function seesAccount(browser: Browser, email: string): Promise<boolean> {
  const res = await browser.get("/user");
  const html = await res.text();
  return res.status === 200 && html.includes("Sign out") && html.includes(email);
}

describe("a crowd of signed-in shoppers behind one carrier address", () => {
  it("stays signed in with whole pages, while outside API clients from that address are refused", async () => {
    startOfRateWindow();
    const began = Date.now();
    const carrier = `100.65.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // Every call the shop makes to its embedded CMS, with the address it carries.
    const inProcess: { path: string; ip: string | null }[] = [];
    const cmsFetch = embeddedCms.fetch;
    vi.spyOn(embeddedCms, "fetch").mockImplementation((request, ...rest) => {
      inProcess.push({ path: new URL(request.url).pathname, ip: request.headers.get("cf-connecting-ip") });
      return cmsFetch(request, ...rest);
    });

    // The address's API and GraphQL counts of this minute used up: 300 sign-ins and 600 queries, as if
    // the crowd's earlier calls had been counted against them. What the shop calls from here on is past them.
    const signInApi = addressCounter("POST", "/api/auth/local", carrier);
    const graphql = addressCounter("POST", "/graphql", carrier);
    await useUp(signInApi);
    await useUp(graphql);

    // 30 signed-in shoppers, each opening their account four times a minute, past the user cache's 15 s each
    // time: every view asks the CMS's /users/me with the shopper's address.
    const crowd = await signedInCrowd(30, carrier);
    let signedIn = 0;
    for (let round = 0; round < 4; round++) {
      if (round > 0) vi.setSystemTime(Date.now() + 15_500);
      for (const { browser, email } of crowd) if (await seesAccount(browser, email)) signedIn++;
    }
    expect(signedIn).toBe(4 * crowd.length);

    // Five more sign in through the shop's form from the same address: the form calls the CMS's
    // /api/auth/local in process, past the 300 of the API's count.
    const newcomers = await signedInCrowd(5, carrier);
    for (const { browser, email } of newcomers) {
      browser.cookies.clear();
      const res = await browser.post("/user/login", { identifier: email, password: PASSWORD }, { from: null });
      expect(res.status).toBe(303);
      expect(await seesAccount(browser, email)).toBe(true);
    }

    // A product page no one has opened yet, drawn from GraphQL for a signed-in shopper: whole, not a 503.
    const { path, name } = await aProduct();
    const product = await crowd[0]!.browser.get(path);
    expect(product.status).toBe(200);
    const productHtml = await product.text();
    expect(productHtml).toContain(name);
    expect(productHtml).not.toContain("could not be loaded");

    // All of it in one minute, from one address: more than the API's 300 a minute on top of the counts used up.
    expect(Date.now() - began).toBeLessThan(60_000);
    const fromCarrier = inProcess.filter((call) => call.ip === carrier);
    expect(fromCarrier.length).toBeGreaterThan(4 * crowd.length);
    expect(inProcess.some((call) => call.path === "/graphql")).toBe(true);

    // Outside clients at that address are limited exactly as before: the counts still stand full.
    const outsideSignIn = await api(
      "POST",
      "/auth/local",
      { identifier: "x@example.com", password: "x" },
      { ip: carrier },
    );
    expect(outsideSignIn.status).toBe(429);
    const outsideQuery = await fetchWorker("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": carrier },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(outsideQuery.status).toBe(429);
    // A bound on a hang: 4 s alone, 13 s beside the browser suite, over 90 s with a CPU hog beside both.
  }, 180_000);

  it("leaves no unlimited way to guess passwords: the form's limits and the CMS's per identifier and per address hold", async () => {
    startOfRateWindow();
    const [{ email }] = await signedInCrowd(1, uniqueIp());
    const guess = (identifier: string, password: string, ip = uniqueIp()) => {
      const browser = new Browser();
      browser.ip = ip;
      return browser.post("/user/login", { identifier, password }, { from: null });
    };

    // One account guessed at from 20 addresses, one guess each: the CMS's 20 per identifier in ten
    // minutes (worker/cms/auth/auth-middleware.ts) stops the 21st, and then even the right password.
    for (let i = 0; i < 20; i++) expect((await guess(email, `Guess-${i}-wrong`)).status).toBe(422);
    const refused = await guess(email, "Guess-20-wrong");
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many attempts");
    expect((await guess(email, PASSWORD)).status).toBe(429);

    // One address trying many accounts through the form, each from a fresh browser: the CMS's own
    // sign-ins per address, which the in-process call carries the shopper's address to...
    const busy = uniqueIp();
    await useUp({ key: `auth-address:${busy}`, limit: 600, windowSeconds: 600 });
    expect((await guess(uniqueShopper().email, "Not-it-1", busy)).status).toBe(429);
    // ...and the form's own per-address limit (ACCOUNT_FORM), counted before the CMS is asked.
    const crowded = uniqueIp();
    await useUp(addressCounter("POST", "/user/login", crowded));
    const formRefused = await guess(uniqueShopper().email, "Not-it-2", crowded);
    expect(formRefused.status).toBe(429);
    expect(await formRefused.text()).toContain("You have sent many requests in a short time");
  }, 90_000);
});
