import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { VISITOR_COOKIE } from "../../shared/cookie-names";
import { ar } from "../../shared/i18n/ar";
import { plural } from "../../shared/i18n/format";
import { app } from "../../worker/index";
import { writeRows } from "../../worker/platform/routing/route-spec";
import { latestMail, register } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * Limits that tell a flood from a crowd (decision 0073). UAE carriers put many
 * phones behind one public address: shoppers are limited per visitor first, and per address
 * only at a level such a crowd never reaches. And a replay of an order already placed is
 * answered with that order, whatever the limits say. On a controlled clock (only `Date` is
 * faked) set to the start of a ten-minute window, so every count lands in one window.
 */
const TEN_MINUTES_MS = 600_000;
/** A route's row as `route:POST /cart/order` counts it: its path and its limits. */
function limitsOf(path: string) {
  const row = writeRows(app).find((r) => r.method === "POST" && r.path === path)!;
  return { path: row.path, ...row.spec.limits };
}
const ORDER_POLICY = limitsOf("/cart/order");

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.ceil(Date.now() / TEN_MINUTES_MS) * TEN_MINUTES_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

/** A shopper behind a given address: puts a product in the bag (getting a visitor id) and can order it. */
class Shopper {
  readonly browser = new Browser();
  constructor(ip: string) {
    this.browser.ip = ip;
  }

  async addToBag(slug: string): Promise<void> {
    const res = await this.browser.post("/cart/add", { slug, quantity: "1" }, { from: null });
    expect(res.status).toBe(303);
  }

  order(idempotencyKey: string): Promise<Response> {
    return this.browser.post("/cart/order", { ...customer, idempotencyKey }, { from: null });
  }
}

async function ordersOf(visitorIds: string[]): Promise<{ number: string; visitor_id: string }[]> {
  const placeholders = visitorIds.map((_, i) => `?${i + 1}`).join(", ");
  const { results } = await env.DB.prepare(
    `SELECT number, visitor_id FROM orders WHERE visitor_id IN (${placeholders})`,
  )
    .bind(...visitorIds)
    .all<{ number: string; visitor_id: string }>();
  return results;
}

function visitorIdOf(shopper: Shopper): string {
  return decodeURIComponent(shopper.browser.cookies.get(VISITOR_COOKIE) ?? "").split(".")[0]!;
}

/** Per-visitor and per-address counts of a route, filled up to the limit as if it had been used. */
async function useUp(key: string, limit: number): Promise<void> {
  const windowStart = Math.floor(Date.now() / TEN_MINUTES_MS) * TEN_MINUTES_MS;
  await env.DB.prepare(
    "INSERT OR REPLACE INTO rate_limits (key, window_start, count, expires_at, ceiling) VALUES (?1, ?2, ?3, ?4, ?3)",
  )
    .bind(key, windowStart, limit, windowStart + TEN_MINUTES_MS)
    .run();
}

describe("a crowd behind one carrier address", () => {
  it("100 shoppers behind two addresses all place their orders, and every replay gets its order", async () => {
    const [slug] = await productSlugs();
    const addresses = [`100.64.${Math.floor(Math.random() * 250)}.1`, `100.64.${Math.floor(Math.random() * 250)}.2`];
    const shoppers = Array.from({ length: 100 }, (_, i) => new Shopper(addresses[i % 2]!));
    await Promise.all(shoppers.map((shopper) => shopper.addToBag(slug!)));
    const keys = shoppers.map(() => crypto.randomUUID());
    const placed = await Promise.all(shoppers.map((shopper, i) => shopper.order(keys[i]!)));
    expect(placed.map((res) => res.status)).toEqual(Array(100).fill(303));
    const locations = placed.map((res) => res.headers.get("location") ?? "");
    expect(locations.every((location) => /^\/cart\/order\/NB-/.test(location))).toBe(true);
    const orders = await ordersOf(shoppers.map(visitorIdOf));
    expect(orders).toHaveLength(100);

    // A double click or a retry after a dropped connection, all at once: each is answered with its order.
    const replays = await Promise.all(shoppers.map((shopper, i) => shopper.order(keys[i]!)));
    expect(replays.map((res) => res.headers.get("location"))).toEqual(locations);
    expect(await ordersOf(shoppers.map(visitorIdOf))).toHaveLength(100);
  }, 120_000);

  it("answers a replay with its order even when the visitor's and the address's limits are used up", async () => {
    const [slug] = await productSlugs();
    const ip = `100.65.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const shopper = new Shopper(ip);
    await shopper.addToBag(slug!);
    const key = crypto.randomUUID();
    const first = await shopper.order(key);
    expect(first.status).toBe(303);
    const action = `route:POST ${ORDER_POLICY.path}`;
    await useUp(`${action} visitor:visitor:${visitorIdOf(shopper)}`, ORDER_POLICY.perVisitor!.limit);
    await useUp(`${action}:${ip}`, ORDER_POLICY.perAddress.limit);
    const replay = await shopper.order(key);
    expect(replay.status).toBe(303);
    expect(replay.headers.get("location")).toBe(first.headers.get("location"));
    // A new order from the same browser is refused, with a sentence that says how long to wait.
    await shopper.addToBag(slug!);
    const fresh = await shopper.order(crypto.randomUUID());
    expect(fresh.status).toBe(429);
    expect(await fresh.text()).toBe(
      "You have sent many requests in a short time. Please wait 10 minutes and try again.",
    );
  });

  it("refuses in the page's language: an Arabic order past the address's limit is told in Arabic how long to wait", async () => {
    const [slug] = await productSlugs();
    const ip = `100.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const shopper = new Shopper(ip);
    await shopper.addToBag(slug!);
    await useUp(`route:POST ${ORDER_POLICY.path}:${ip}`, ORDER_POLICY.perAddress.limit);
    const refused = await shopper.browser.post(
      "/ar/cart/order",
      { ...customer, idempotencyKey: crypto.randomUUID() },
      { from: null },
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toBe(plural("ar", ar.limits.wait, 10));
  });

  it("does not answer another shopper's replayed key with their order", async () => {
    const [slug] = await productSlugs();
    const owner = new Shopper("100.66.0.1");
    await owner.addToBag(slug!);
    const key = crypto.randomUUID();
    const placed = await owner.order(key);
    const stranger = new Shopper("100.66.0.1");
    await stranger.addToBag(slug!);
    const theirs = await stranger.order(key);
    expect(theirs.status).toBe(303);
    expect(theirs.headers.get("location")).not.toBe(placed.headers.get("location"));
    expect(await ordersOf([visitorIdOf(stranger)])).toHaveLength(1);
  });
});

describe("a request form sent again", () => {
  it("is thanked when the limits are used up, and a new request is refused with the form's message", async () => {
    const ip = `100.68.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const visitor = new Browser();
    visitor.ip = ip;
    const fields = { name: `Aisha ${crypto.randomUUID().slice(0, 8)}`, phone: "050 123 4567", website: "" };
    const first = await visitor.post("/requests/callback", fields, { from: "/contacts" });
    expect(first.status).toBe(303);
    const policy = limitsOf("/requests/:kind");
    await useUp(`route:POST ${policy.path}:${ip}`, policy.perAddress.limit);
    const again = await visitor.post("/requests/callback", fields, { from: null });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    const other = await visitor.post("/requests/callback", { ...fields, name: "Someone else" }, { from: null });
    expect(other.status).toBe(429);
    expect(await other.text()).toContain(
      "You have sent many requests in a short time. Please wait 10 minutes and try again.",
    );
  });
});

describe("one browser's flood", () => {
  it("30 orders in a minute from one visitor: the first 10 placed, the rest refused with a message", async () => {
    expect(ORDER_POLICY.perVisitor!.limit).toBe(10);
    const [slug] = await productSlugs();
    const shopper = new Shopper(`100.67.${Math.floor(Math.random() * 250)}.9`);
    const statuses: number[] = [];
    const messages = new Set<string>();
    for (let i = 0; i < 30; i++) {
      await shopper.addToBag(slug!);
      const res = await shopper.order(crypto.randomUUID());
      statuses.push(res.status);
      if (res.status === 429) messages.add(await res.text());
      vi.setSystemTime(Date.now() + 1_000);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect([...messages]).toEqual([
      "You have sent many requests in a short time. Please wait 10 minutes and try again.",
    ]);
    expect(await ordersOf([visitorIdOf(shopper)])).toHaveLength(10);
  }, 60_000);
});

describe("a crowd's accounts behind one carrier address", () => {
  it("20 shoppers change their passwords and 20 reset theirs in the same minute: all 40 go through", async () => {
    const ip = `100.69.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const NEW_PASSWORD = "Orange-blossom-77";
    const changers = await Promise.all(Array.from({ length: 20 }, () => register()));
    const resetters = await Promise.all(Array.from({ length: 20 }, () => register()));
    const changed = await Promise.all(
      changers.map(async (account) => {
        const browser = new Browser();
        browser.ip = ip;
        await browser.post("/user/login", { identifier: account.email, password: account.password }, { from: null });
        const res = await browser.post(
          "/user/password",
          {
            username: account.username,
            currentPassword: account.password,
            password: NEW_PASSWORD,
            passwordConfirmation: NEW_PASSWORD,
          },
          { from: null },
        );
        return res.headers.get("location");
      }),
    );
    expect(changed).toEqual(Array(20).fill("/user?notice=password-changed"));
    const reset = await Promise.all(
      resetters.map(async (account) => {
        const browser = new Browser();
        browser.ip = ip;
        await browser.post("/user/password/forgot", { email: account.email }, { from: null });
        const { code } = await latestMail(account.email);
        const res = await browser.post(
          "/user/password/reset",
          { code: code!, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
          { from: null },
        );
        return res.headers.get("location");
      }),
    );
    expect(reset).toEqual(Array(20).fill("/user?notice=password-reset"));
    // A bound on a hang: 80 PBKDF2 of 100,000 iterations, 22 s beside the browser suite in `npm test`.
  }, 150_000);
});
