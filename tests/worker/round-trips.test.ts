import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { register, sessionCookieHeader } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { type FarShop, farShop } from "./support/far-shop";
import { customer, productSlugs } from "./support/shop-fixtures";
import { rulesAsServed, typeRule } from "./support/typed-rule";

/**
 * The round trips each hot path costs (docs/decisions/0100), counted through a probe around D1
 * (support/d1-probe.ts): a new `await` on the wrong path fails here, not for a shopper far away.
 * `far` is what goes to the primary, one region for the whole world; `near` what a replica near the
 * shopper serves (without replicas, here, the primary serves it too).
 */
async function cost(shop: FarShop, run: () => Promise<unknown>) {
  shop.reset();
  await run();
  return {
    far: shop.d1.roundTrips - shop.d1.nearRoundTrips,
    near: shop.d1.nearRoundTrips,
    /** D1 calls in all, in flight together or not. */
    calls: shop.d1.calls,
    sql: shop.d1.log.map((call) => [call.session ?? "binding", ...call.sql.map((sql) => sql.trim().slice(0, 60))]),
  };
}

/** The seed's foundation: eight shades, each counted (decision 0107). */
const SHADED = "velvet-hue-eyes-long-wear-foundation";
const SHADED_SKU = "VEL-EYE-0038";

async function signedIn(shop: FarShop): Promise<Browser> {
  const browser = new Browser(shop.send);
  for (const pair of (await sessionCookieHeader(await register())).split("; ")) {
    const eq = pair.indexOf("=");
    browser.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return browser;
}

describe("round trips to a far database", () => {
  // Each test's shop has served before: its redirect rules are held, as a kept page finds them.
  beforeEach(rulesAsServed);

  it("a shopper's walk: pages 0 far, the bag's actions 1, an order 2", async () => {
    const shop = farShop();
    const shopper = new Browser(shop.send);
    const [slug] = await productSlugs("in_stock", 1);
    await shopper.get("/catalog/skincare");

    const kept = await cost(shop, () => shopper.get("/catalog/skincare"));
    expect(kept.far, JSON.stringify(kept.sql)).toBe(0);
    // One KV round trip: the page's versions, with the redirect rules' along (caches/versions.ts readAlong).
    expect(shop.kv.roundTrips).toBe(1);

    // A product without variants: its stock read in the add's own batch (decision 0136), nothing first.
    const add = await cost(shop, () => shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null }));
    expect(add.far, JSON.stringify(add.sql)).toBe(1);
    expect(add.near, JSON.stringify(add.sql)).toBe(0);
    expect(add.calls, JSON.stringify(add.sql)).toBe(1);

    const returning = await cost(shop, () => shopper.get("/catalog/skincare"));
    expect(returning.far + returning.near, JSON.stringify(returning.sql)).toBe(0);
    expect(shop.kv.roundTrips).toBe(1);

    const update = await cost(shop, () => shopper.post("/cart/update", { slug: slug!, quantity: "2" }, { from: null }));
    expect(update.far, JSON.stringify(update.sql)).toBe(1);

    for (const page of ["/cart", "/cart/order"]) {
      const read = await cost(shop, () => shopper.get(page));
      expect(read.far + read.near, `${page}: ${JSON.stringify(read.sql)}`).toBeLessThanOrEqual(1);
    }

    let location = "";
    const order = await cost(shop, async () => {
      const res = await shopper.post(
        "/cart/order",
        { idempotencyKey: crypto.randomUUID(), ...customer, delivery: "pickup" },
        { from: null },
      );
      location = res.headers.get("location") ?? "";
    });
    expect(location).toMatch(/^\/cart\/order\/NB-/);
    expect(order.far, JSON.stringify(order.sql)).toBeLessThanOrEqual(2);

    const confirmation = await cost(shop, () => shopper.get(location));
    expect(confirmation.far + confirmation.near, JSON.stringify(confirmation.sql)).toBeLessThanOrEqual(1);
    // Its tax invoice (decision 0116) is read in the order's own batch.
    const invoice = await cost(shop, () => shopper.get(`${location}/invoice`));
    expect(invoice.far + invoice.near, JSON.stringify(invoice.sql)).toBeLessThanOrEqual(1);

    const remove = await cost(shop, () => shopper.post("/cart/remove", { slug: slug! }, { from: null }));
    expect(remove.far, JSON.stringify(remove.sql)).toBe(1);
    const heart = await cost(shop, () => shopper.post("/favorites/toggle", { slug: slug! }, { from: null }));
    expect(heart.far, JSON.stringify(heart.sql)).toBe(1);
  });

  it("an add that names its shade is one call to the primary; one naming none reads stock near first to choose it", async () => {
    const shop = farShop();
    const shopper = new Browser(shop.send);
    const named = await cost(shop, () =>
      shopper.post("/cart/add", { slug: SHADED, variant: `${SHADED_SKU}-SAND`, quantity: "1" }, { from: null }),
    );
    expect(named.calls, JSON.stringify(named.sql)).toBe(1);
    expect(named.far).toBe(1);
    // No shade named (a page from before variants, a script): the product page's first buyable shade,
    // chosen from stock read near the shopper after the product (decision 0136).
    const chosen = await cost(shop, () => shopper.post("/cart/add", { slug: SHADED, quantity: "1" }, { from: null }));
    expect(chosen.far, JSON.stringify(chosen.sql)).toBe(1);
    expect(chosen.near, JSON.stringify(chosen.sql)).toBe(1);
    expect(chosen.calls).toBe(2);
  });

  it("a signed-in shopper's kept page: the session check and the header's counts in one round trip", async () => {
    const shop = farShop();
    const shopper = await signedIn(shop);
    await shopper.get("/catalog/skincare");
    const page = await cost(shop, () => shopper.get("/catalog/skincare"));
    expect(page.far + page.near, JSON.stringify(page.sql)).toBe(1);
  });

  it("a listing's page drawn from its held index: stock and ratings in one round trip (decision 0107)", async () => {
    const shop = farShop();
    const visitor = new Browser(shop.send);
    // Page 1 holds the category's index in KV; page 2 is a new page drawn from the same index.
    await visitor.get("/catalog/makeup");
    const second = await cost(shop, () => visitor.get("/catalog/makeup?page=2"));
    expect(second.far + second.near, JSON.stringify(second.sql)).toBe(1);
  });

  it("an isolate with no copy of the redirect rules reads them from KV with their version, not from D1 (decision 0138)", async () => {
    const shop = farShop();
    const visitor = new Browser(shop.send);
    const from = `/old-${crypto.randomUUID().slice(0, 8)}`;
    // A rule typed into D1 and the rules' version moved (docs/emergency-sql.md): the first request,
    // routed by this isolate's copy, learns the version moved and forgets the copy.
    await typeRule(from, "/blog");
    await visitor.get("/catalog/skincare");
    // No snapshot of that version yet: read once on the primary, and kept in KV after the answer.
    let answer: Response | undefined;
    const missing = await cost(shop, async () => (answer = await visitor.get(from)));
    expect(answer?.status).toBe(301);
    expect(missing.far + missing.near, JSON.stringify(missing.sql)).toBe(1);
    expect(missing.far, JSON.stringify(missing.sql)).toBe(1);
    // Past REDIRECT_CACHE_SECONDS the copy is gone, as in a fresh isolate: the snapshot comes in the
    // version's own KV read, and no D1 call precedes the page.
    vi.useFakeTimers({ toFake: ["Date"] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.setSystemTime(Date.now() + 61_000);
    const fresh = await cost(shop, () => visitor.get("/catalog/skincare"));
    expect(fresh.far + fresh.near, JSON.stringify(fresh.sql)).toBe(0);
    expect(shop.kv.roundTrips).toBe(2);
    vi.setSystemTime(Date.now() + 61_000);
    const followed = await cost(shop, async () => (answer = await visitor.get(from)));
    expect(followed.calls, JSON.stringify(followed.sql)).toBe(0);
    expect(answer?.status).toBe(301);
    expect(answer?.headers.get("location")).toBe("/blog");
  });
});
