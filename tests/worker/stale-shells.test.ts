import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE_COOKIE, PAGES_CHANGED_COOKIE } from "../../shared/cookie-names";
import { ownChangeAt } from "../../worker/frame/shells/own-changes";
import { claimRender, RENDER_LOCK_MS, releaseRender, waitForRender } from "../../worker/frame/shells/render-lock";
import { SHELL_SECONDS } from "../../worker/frame/shells/shell-store";
import { STALE_MS, servableStale } from "../../worker/frame/shells/stale-shells";
import { shopBindings } from "../../worker/index";
import { bumpContentVersion } from "../../worker/platform/caches/versions";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { keptPage, refreshedPage } from "./support/page-shells";
import { customer } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

/**
 * A product page no other test of this file has asked for, so its shells are made here: a page's
 * key holds only the parameters it reads (a product's: its variant), so each test takes a product
 * of its own rather than a query string of its own.
 */
let taken = 0;
async function product(): Promise<{ path: string; slug: string; name: string }> {
  const row = await env.DB.prepare(
    "SELECT p.slug, p.name, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id WHERE p.availability = 'in_stock' ORDER BY p.popularity DESC LIMIT 1 OFFSET ?1",
  )
    .bind(taken++)
    .first<{ slug: string; name: string; category: string }>();
  if (!row) throw new Error("The seed has no product in stock");
  return { path: `/catalog/${row.category}/${row.slug}`, slug: row.slug, name: row.name };
}

/**
 * The shop with a CMS that writes down each product query it is asked (one per render of a
 * product page whose record is not in KV yet: a new content version has none), and can be made
 * to fail. Each request's background work is kept, to wait for.
 */
function recordingShop() {
  const base = shopBindings(env);
  const productQueries: string[] = [];
  let failing = false;
  const bindings = {
    ...base,
    CMS: {
      async fetch(request: Request): Promise<Response> {
        const body = await request.clone().text();
        if (body.includes("productQuery")) {
          productQueries.push(body);
          if (failing) return new Response("CMS down", { status: 503 });
        }
        return base.CMS.fetch(request);
      },
    },
  };
  const contexts: ExecutionContext[] = [];
  return {
    productQueries,
    failCms(on: boolean) {
      failing = on;
    },
    get(path: string, headers: Record<string, string> = ANON): Promise<Response> {
      const ctx = createExecutionContext();
      contexts.push(ctx);
      return appRequest(`https://shop.example${path}`, { headers }, bindings, ctx);
    },
    /** Every background task (kept shells, background renders) so far, settled. */
    settled: () => Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx))),
  };
}

/** The page without its nonces (a view filled for a request carries the request's own). */
const withoutNonces = (html: string) => html.replace(/nonce(=|-)"?[A-Za-z0-9+/=_-]+"?/g, "nonce");

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("stale while revalidate", () => {
  it("answers the first view after a content change from the copy made before it and shows the change once rendered", async () => {
    const { path, slug, name } = await product();
    const page = path;
    expect(await (await keptPage(page, ANON)).text()).toContain(name);
    const renamed = `${name} Refill`;
    await env.DB.prepare("UPDATE cms_products SET name = ?2 WHERE slug = ?1").bind(slug, renamed).run();
    try {
      await bumpContentVersion(env.CMS_CACHE);
      const stale = await appRequest(`https://shop.example${page}`, { headers: ANON });
      expect(stale.status).toBe(200);
      expect(stale.headers.get("x-page-shell")).toBe("stale");
      const html = await stale.text();
      expect(html).toContain(name);
      expect(html).not.toContain(renamed);
      expect(html).toContain("</html>");

      const renewed = await refreshedPage(page, ANON);
      expect(renewed.headers.get("x-page-shell")).toBe("hit");
      expect(await renewed.text()).toContain(renamed);
    } finally {
      await env.DB.prepare("UPDATE cms_products SET name = ?2 WHERE slug = ?1").bind(slug, name).run();
      await bumpContentVersion(env.CMS_CACHE);
    }
  });

  it("renders a page once for 50 concurrent views right after a change, every one of them whole", async () => {
    const { path, name } = await product();
    const page = path;
    await keptPage(page, ANON);
    await bumpContentVersion(env.CMS_CACHE);
    const shop = recordingShop();

    const answers = await Promise.all(Array.from({ length: 50 }, () => shop.get(page)));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    await shop.settled();

    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    for (const html of bodies) {
      expect(html).toContain(name);
      expect(html).toContain('<footer class="site-footer"');
      expect(html).toContain("</html>");
    }
    // None rendered in the shopper's time; one render in the background asked the CMS for the product.
    expect(answers.filter((res) => res.headers.get("x-page-shell") === "miss")).toHaveLength(0);
    expect(shop.productQueries).toHaveLength(1);
    // Until the new shell is kept, views go on getting the stale copy and start no render of their own.
    let state: string | null = null;
    for (let attempt = 0; attempt < 100 && state !== "hit"; attempt++) {
      const res = await shop.get(page);
      state = res.headers.get("x-page-shell");
      await res.arrayBuffer();
      if (state !== "hit") await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state).toBe("hit");
    expect(shop.productQueries).toHaveLength(1);
  });

  it("renders a page never kept once for 50 concurrent views: the others wait for the kept copy", async () => {
    await bumpContentVersion(env.CMS_CACHE);
    const { path, name } = await product();
    const page = path;
    const shop = recordingShop();

    const answers = await Promise.all(Array.from({ length: 50 }, () => shop.get(page)));
    const bodies = await Promise.all(answers.map((res) => res.text()));
    await shop.settled();

    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(200));
    for (const html of bodies) expect(html).toContain(name);
    expect(answers.filter((res) => res.headers.get("x-page-shell") === "miss")).toHaveLength(1);
    expect(shop.productQueries).toHaveLength(1);
  });

  it("fills each shopper's own counts into the stale copy and keeps nothing personal", async () => {
    const { path, slug } = await product();
    const page = path;
    await keptPage(page, ANON);
    const ann = new Browser();
    await ann.post("/cart/add", { slug, quantity: "2" }, { from: path });
    const bob = new Browser();
    await bob.post("/cart/add", { slug, quantity: "3" }, { from: path });
    await bumpContentVersion(env.CMS_CACHE);

    const annView = await ann.get(page);
    expect(annView.headers.get("x-page-shell")).toBe("stale");
    const annHtml = await annView.text();
    expect(annHtml).toContain("Bag, 2 items");
    expect(annHtml).not.toContain("Bag, 3 items");
    const bobView = await bob.get(page);
    expect(bobView.headers.get("x-page-shell")).not.toBe("miss");
    const bobHtml = await bobView.text();
    expect(bobHtml).toContain("Bag, 3 items");
    expect(bobHtml).not.toContain("Bag, 2 items");

    // What is kept, the page's latest copy included, is the anonymous page.
    const kept = await refreshedPage(page, ANON);
    const html = await kept.text();
    expect(html).toContain("Bag, 0 items");
    expect(html).not.toMatch(/Bag, [23] items/);
  });
});

describe("a browser's own change to what pages show", () => {
  /** The product renamed in the CMS and its content moved on: every kept copy of its page is stale. */
  async function rename(slug: string, name: string): Promise<void> {
    await env.DB.prepare("UPDATE cms_products SET name = ?2 WHERE slug = ?1").bind(slug, name).run();
    await bumpContentVersion(env.CMS_CACHE);
  }

  it("is not served a copy kept before it: the page is made anew for that browser, stale for anyone else", async () => {
    const { path, slug, name } = await product();
    const before = Date.now() - 1;
    await keptPage(path, ANON);
    await rename(slug, `${name} Renamed`);
    const shop = recordingShop();

    // A change older than the kept copy says nothing of it: served stale like anyone's view.
    const older = await shop.get(path, { Cookie: `${ANON.Cookie}; ${PAGES_CHANGED_COOKIE}=${before}` });
    expect(older.headers.get("x-page-shell")).toBe("stale");
    expect(await older.text()).not.toContain(`${name} Renamed`);
    // Its background render has kept the renamed page; then this browser changes it again.
    await shop.settled();
    const changedAt = Date.now();
    await rename(slug, `${name} Again`);

    const mine = await shop.get(path, { Cookie: `${ANON.Cookie}; ${PAGES_CHANGED_COOKIE}=${changedAt}` });
    expect(mine.headers.get("x-page-shell")).toBe("miss");
    expect(await mine.text()).toContain(`${name} Again`);
  });

  it("is noted by an order that takes counted stock and by a staff member's change, not by adding to the bag", async () => {
    const { results } = await env.DB.prepare(
      `SELECT p.slug, v.sku FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id
       WHERE v.kind = 'shade' AND v.availability IS NULL AND p.availability = 'in_stock' ORDER BY p.id DESC LIMIT 1`,
    ).all<{ slug: string; sku: string }>();
    const { slug, sku } = results[0]!;
    await env.DB.prepare(
      "INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, 3) ON CONFLICT (sku) DO UPDATE SET on_hand = 3",
    )
      .bind(sku, slug)
      .run();
    const shopper = new Browser();
    const added = await shopper.post("/cart/add", { slug, variant: sku, quantity: "2" }, { from: null });
    expect(added.status).toBe(303);
    expect(shopper.cookies.has(PAGES_CHANGED_COOKIE)).toBe(false);
    const ordered = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(ordered.status).toBe(303);
    const noted = Number(shopper.cookies.get(PAGES_CHANGED_COOKIE));
    expect(Math.abs(noted - Date.now())).toBeLessThan(60_000);
    const { browser: staff } = await signedIn("staff");
    expect(staff.cookies.has(PAGES_CHANGED_COOKIE)).toBe(false);
    const rule = { fromPath: `/old-${crypto.randomUUID().slice(0, 8)}`, toTarget: "/catalog", status: "301" };
    expect((await staff.post("/staff/redirects", rule, { from: null })).status).toBeLessThan(400);
    expect(staff.cookies.has(PAGES_CHANGED_COOKIE)).toBe(true);
    expect(ordered.headers.getSetCookie().find((line) => line.startsWith(PAGES_CHANGED_COOKIE))).toMatch(
      new RegExp(`Max-Age=${SHELL_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`),
    );
  });

  it("counts only a time this shop could have written: within a kept copy's life, not ahead of the clock", () => {
    vi.useFakeTimers();
    const now = Date.UTC(2026, 11, 4, 20, 0, 0);
    vi.setSystemTime(now);
    const asked = (value: string) =>
      ownChangeAt({
        req: { raw: new Request("https://shop.example/", { headers: { Cookie: `${PAGES_CHANGED_COOKIE}=${value}` } }) },
      } as never);
    expect(asked(String(now - SHELL_SECONDS * 1000 + 1000))).toBe(now - SHELL_SECONDS * 1000 + 1000);
    // A kept copy is never older than SHELL_SECONDS: a change that old says nothing.
    expect(asked(String(now - SHELL_SECONDS * 1000))).toBeNull();
    expect(asked(String(now + 60_000))).toBe(now + 60_000);
    expect(asked(String(now + 61_000))).toBeNull();
    expect(asked("soon")).toBeNull();
    expect(asked("1".repeat(16))).toBeNull();
  });
});

describe("a not-found page for an unknown slug", () => {
  it("is kept once asked twice: then it answers 404 from the cache without a look-up, and after a change it is asked anew", async () => {
    const { path } = await product();
    const category = path.split("/")[2];
    const missing = `/catalog/${category}/no-such-product-${crypto.randomUUID().slice(0, 8)}`;
    const shop = recordingShop();

    // Asked once: answered, not kept (a slug made up for one request is never written).
    const first = await shop.get(missing);
    expect(first.status).toBe(404);
    expect(first.headers.get("x-page-shell")).toBe("miss");
    const firstHtml = await first.text();
    await shop.settled();
    expect(shop.productQueries).toHaveLength(1);

    // Asked again: looked up again, and kept.
    const again = await shop.get(missing);
    expect(again.headers.get("x-page-shell")).toBe("miss");
    await again.arrayBuffer();
    await shop.settled();
    expect(shop.productQueries).toHaveLength(2);

    const third = await shop.get(missing);
    const fourth = await shop.get(missing);
    expect([third.status, fourth.status]).toEqual([404, 404]);
    expect(third.headers.get("x-page-shell")).toBe("hit");
    const thirdHtml = await third.text();
    expect(thirdHtml).toBe(await fourth.text());
    expect(withoutNonces(thirdHtml)).toBe(withoutNonces(firstHtml));
    expect(third.headers.get("cache-control")).toBe("private, no-cache");
    expect(shop.productQueries).toHaveLength(2);

    await bumpContentVersion(env.CMS_CACHE);
    const after = await shop.get(missing);
    expect(after.status).toBe(404);
    await after.arrayBuffer();
    await shop.settled();
    expect(shop.productQueries).toHaveLength(3);
  });

  it("is not kept, nor said, when the CMS failed to answer: a 503 to ask again (decision 0101)", async () => {
    const { path } = await product();
    await bumpContentVersion(env.CMS_CACHE);
    const page = path;
    const shop = recordingShop();
    shop.failCms(true);
    vi.spyOn(console, "error").mockImplementation(() => {});

    const asked: number[] = [];
    for (const _ of [1, 2]) {
      const res = await shop.get(page);
      expect(res.status).toBe(503);
      expect(res.headers.get("x-page-shell")).toBe("miss");
      await res.arrayBuffer();
      await shop.settled();
      asked.push(shop.productQueries.length);
    }
    // The second view asked the CMS again, as often as the first did (a failed query is retried).
    expect(asked[0]).toBeGreaterThan(0);
    expect(asked[1]).toBe(2 * (asked[0] ?? 0));
  });
});

describe("the render lock and the staleness bound, on a controlled clock", () => {
  it("holds a claim for RENDER_LOCK_MS and no longer", () => {
    const key = `https://shop.example/lock/${crypto.randomUUID()}`;
    const start = 1_000_000;
    expect(claimRender(key, start)).toBe(true);
    expect(claimRender(key, start + RENDER_LOCK_MS - 1)).toBe(false);
    expect(claimRender(key, start + RENDER_LOCK_MS)).toBe(true);
    releaseRender(key);
    expect(claimRender(key, start + RENDER_LOCK_MS + 1)).toBe(true);
    releaseRender(key);
  });

  it("lets a waiter look in the cache as soon as the render is released, or once the claim has lapsed", async () => {
    vi.useFakeTimers();
    const key = `https://shop.example/wait/${crypto.randomUUID()}`;
    const lookup = vi.fn(async () => "kept");
    expect(claimRender(key)).toBe(true);
    const released = waitForRender(key, lookup);
    await vi.advanceTimersByTimeAsync(50);
    expect(lookup).not.toHaveBeenCalled();
    releaseRender(key);
    await vi.advanceTimersByTimeAsync(10);
    await expect(released).resolves.toBe("kept");

    const other = `https://shop.example/wait/${crypto.randomUUID()}`;
    const nothing = vi.fn(async () => null);
    expect(claimRender(other)).toBe(true);
    const lapsed = waitForRender(other, nothing);
    await vi.advanceTimersByTimeAsync(RENDER_LOCK_MS - 20);
    expect(nothing).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(30);
    await expect(lapsed).resolves.toBeNull();
    expect(nothing).toHaveBeenCalledTimes(1);
  });

  it("serves a stale shell made less than STALE_MS ago, and not one a moment older", () => {
    const made = 5_000_000;
    expect(servableStale(made, made)).toBe(true);
    expect(servableStale(made, made + STALE_MS - 1)).toBe(true);
    expect(servableStale(made, made + STALE_MS)).toBe(false);
    expect(servableStale(0, made)).toBe(false);
    expect(servableStale(made + 1, made)).toBe(false);
  });
});
