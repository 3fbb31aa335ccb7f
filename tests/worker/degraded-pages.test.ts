import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bumpContentVersion } from "../../worker/platform/caches/versions";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";
import { type TroubledShop, troubledShop } from "./support/troubled-shop";

/*
 * Failures that do no harm (decision 0101): a page drawn while the CMS or D1 failed is a 503 with
 * Retry-After and a sentence, never kept and never put in place of a good kept copy; a look-up that
 * failed is not "not found", "out of stock" or "not staff"; the error page stands in its layout.
 */

/** Every product query of the listings and the bag (by label), as the CMS is asked it. */
const productsQuery = (query: string) => query.includes("productsQuery");

let shop: TroubledShop;
beforeEach(() => {
  shop = troubledShop();
  // The failures are logged as they happen; the answers are what is tested.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A category with products in stock, and one of its products' names; each test takes its own. */
let categoriesTaken = 0;
async function category(): Promise<{ path: string; productName: string }> {
  const row = await env.DB.prepare(
    `SELECT c.slug, (SELECT p.name FROM cms_products p WHERE p.category_id = c.id ORDER BY p.popularity DESC LIMIT 1) AS name
       FROM cms_categories c WHERE c.locale = 'en' AND EXISTS (SELECT 1 FROM cms_products p WHERE p.category_id = c.id)
       ORDER BY c.id LIMIT 1 OFFSET ?1`,
  )
    .bind(categoriesTaken++)
    .first<{ slug: string; name: string }>();
  if (!row) throw new Error("The seed has too few categories with products");
  return { path: `/catalog/${row.slug}`, productName: row.name };
}

let productsTaken = 0;
async function product(): Promise<{ path: string; slug: string; name: string }> {
  const row = await env.DB.prepare(
    `SELECT p.slug, p.name, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
      WHERE p.availability = 'in_stock' ORDER BY p.popularity DESC LIMIT 1 OFFSET ?1`,
  )
    .bind(productsTaken++)
    .first<{ slug: string; name: string; category: string }>();
  if (!row) throw new Error("The seed has too few products in stock");
  return { path: `/catalog/${row.category}/${row.slug}`, slug: row.slug, name: row.name };
}

/** Asks until the page comes from its kept copy (each ask settles what it left running). */
async function untilHit(path: string): Promise<Response> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await shop.get(path);
    if (res.headers.get("x-page-shell") === "hit") return res;
  }
  throw new Error(`${path} was never kept`);
}

/** A 503 the shopper can ask again: Retry-After, the layout, a sentence and a "Try again" link to the page. */
async function expectTryAgain(res: Response, path: string): Promise<string> {
  expect(res.status).toBe(503);
  expect(res.headers.get("retry-after")).toBe("30");
  const html = await res.text();
  expect(html).toContain('class="site-header"');
  expect(html).toContain('class="site-footer"');
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
  expect(html).toMatch(new RegExp(`href="${escaped}"[^>]*>Try again<`));
  return html;
}

describe("a listing drawn while the CMS failed", () => {
  it("is a 503 with Retry-After and its sentence, and is not kept", async () => {
    await bumpContentVersion(env.CMS_CACHE);
    const { path, productName } = await category();
    shop.failCms(productsQuery);

    const first = await shop.get(path);
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("30");
    const html = await first.text();
    expect(html).toContain("Products can&#x27;t be shown right now");
    expect(html).not.toContain(productName);
    const asked = shop.asked("productsQuery");

    // Not kept: asked again, the page is drawn again and the CMS asked again.
    const again = await shop.get(path);
    expect(again.status).toBe(503);
    expect(again.headers.get("x-page-shell")).toBe("miss");
    expect(shop.asked("productsQuery")).toBeGreaterThan(asked);

    // The CMS back: the page, then its kept copy.
    shop.failCms(null);
    expect((await shop.get(path)).status).toBe(200);
    expect(await (await untilHit(path)).text()).toContain(productName);
  });

  it("never replaces a good kept copy: a background refresh that fails leaves the old copy served", async () => {
    const { path, productName } = await category();
    expect(await (await untilHit(path)).text()).toContain(productName);

    // What the page shows moves on while the CMS fails: the stale copy is served, its refresh fails.
    await bumpContentVersion(env.CMS_CACHE);
    shop.failCms(productsQuery);
    const asked = shop.asked("productsQuery");
    const stale = await shop.get(path);
    expect(stale.status).toBe(200);
    expect(stale.headers.get("x-page-shell")).toBe("stale");
    expect(await stale.text()).toContain(productName);
    expect(shop.asked("productsQuery")).toBeGreaterThan(asked);

    // The refresh kept nothing: the good copy is still what is served, stale, and not the degraded page.
    for (const _ of [1, 2]) {
      const after = await shop.get(path);
      expect(after.status).toBe(200);
      expect(after.headers.get("x-page-shell")).toBe("stale");
      const html = await after.text();
      expect(html).toContain(productName);
      expect(html).not.toContain("Products can&#x27;t be shown right now");
    }

    // The CMS back: the next refresh replaces it.
    shop.failCms(null);
    const renewed = await untilHit(path);
    expect(await renewed.text()).toContain(productName);
  });

  it("says so above a page that lost a part without a sentence of its own, as a 503", async () => {
    await bumpContentVersion(env.CMS_CACHE);
    shop.failCms(productsQuery);
    const home = await shop.get("/");
    const html = await expectTryAgain(home, "/");
    expect(html).toContain("Part of this page could not be loaded just now.");
    expect((await shop.get("/")).headers.get("x-page-shell")).toBe("miss");
  });
});

describe("a page whose look-up failed", () => {
  it("is a 503 to try again for a product the CMS did not answer, not a kept 404", async () => {
    await bumpContentVersion(env.CMS_CACHE);
    const { path } = await product();
    shop.failCms((query) => query.includes("productQuery"));

    for (const _ of [1, 2, 3]) {
      const res = await shop.get(path);
      const html = await expectTryAgain(res, path);
      expect(res.headers.get("x-page-shell")).toBe("miss");
      expect(html).toContain("This page can&#x27;t be shown right now");
      expect(html).not.toContain("Page is not found");
    }
    shop.failCms(null);
    expect((await shop.get(path)).status).toBe(200);
  });

  it("is a 503 for a product whose reviews or stock D1 could not read, not an error", async () => {
    const { path, name } = await product();
    shop.failD1((call) => call.sql.some((sql) => sql.includes("product_reviews") || sql.includes("stock_levels")));
    const res = await shop.get(path);
    const html = await expectTryAgain(res, path);
    expect(html).toContain("This page can&#x27;t be shown right now");
    expect(html).not.toContain("Oops! Something went wrong");
    shop.failD1(null);
    expect(await (await shop.get(path)).text()).toContain(name);
  });

  it("is a 503 for a blog post the CMS did not answer, not a 404", async () => {
    await bumpContentVersion(env.CMS_CACHE);
    const post = await env.DB.prepare(
      `SELECT p.slug, t.slug AS tag FROM cms_blog_posts p JOIN cms_blog_post_tags pt ON pt.post_id = p.id
         JOIN cms_tags t ON t.id = pt.tag_id WHERE p.locale = 'en' ORDER BY p.id LIMIT 1`,
    ).first<{ slug: string; tag: string }>();
    if (!post) throw new Error("The seed has no blog post");
    const path = `/blog/${post.tag}/${post.slug}`;
    shop.failCms((query) => query.includes("blogPostsQuery"));
    const html = await expectTryAgain(await shop.get(path), path);
    expect(html).not.toContain("Page is not found");
  });
});

describe("the error page", () => {
  it("stands in its layout with a way on when the header's counts fail too", async () => {
    const shopper = new Browser(shop.send);
    const [slug] = await productSlugs("in_stock", 1);
    expect((await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);

    // The bag's reads fail: the bag page fails, and so does the header's count on the error page.
    shop.failD1((call) => call.sql.some((sql) => /\bcart/.test(sql)));
    const res = await shopper.get("/cart");
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("Oops! Something went wrong");
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).toMatch(/href="\/cart"[^>]*>Try again</);
    expect(html).toMatch(/href="\/"[^>]*>Go Back Home</);
  });
});

describe("a CMS failure in the bag", () => {
  it("is not said to be out of stock or gone when a product is added", async () => {
    await bumpContentVersion(env.CMS_CACHE);
    const [slug] = await productSlugs("in_stock", 1);
    shop.failCms(productsQuery);
    const shopper = new Browser(shop.send);
    const res = await shopper.post(
      "/cart/add",
      { slug: slug!, quantity: "1" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(res.status).toBe(503);
    const { ok, message } = await res.json<{ ok: boolean; message: string }>();
    expect(ok).toBe(false);
    expect(message).toContain("could not reach our catalogue");
    expect(message).not.toMatch(/out of stock|no longer/i);

    shop.failCms(null);
    expect((await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
    expect(await (await shopper.get("/cart")).text()).toMatch(/Bag, 1 item/);
  });

  it("is not said to be out of stock when the order is placed: nothing is placed, the details stay", async () => {
    const shopper = new Browser(shop.send);
    const [slug] = await productSlugs("in_stock", 1);
    expect((await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();

    // An order is priced from the CMS itself: the CMS failing then is the order's failure.
    shop.failCms(productsQuery);
    const res = await shopper.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
    expect(res.status).toBe(503);
    const html = await res.text();
    // The checkout form again (an island: its notice is in its props), with what was typed.
    expect(html).toContain("&quot;notice&quot;:&quot;We could not reach our catalogue");
    expect(html).toContain(customer.address);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);

    // The bag page says the same, with no line called gone (its records read anew: a new content version).
    await bumpContentVersion(env.CMS_CACHE);
    const bag = await shopper.get("/cart");
    expect(bag.status).toBe(503);
    const bagHtml = await bag.text();
    expect(bagHtml).toContain("Prices and availability can&#x27;t be shown right now");
    expect(bagHtml).not.toContain("no longer available");
    expect(bagHtml).not.toContain("out of stock");
  });
});

describe("the staff desk while the CMS fails", () => {
  it("says the shop could not reach its content service, not that the account is not staff", async () => {
    const { browser } = await signedIn("staff", shop.send);
    expect((await browser.get("/staff")).status).toBe(200);

    shop.failCms((query) => query.includes("meRole"));
    const res = await browser.get("/staff");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("30");
    const html = await res.text();
    expect(html).toContain("could not reach its content service");
    expect(html).not.toContain("does not have the Staff role");

    shop.failCms(null);
    expect((await browser.get("/staff")).status).toBe(200);
  });
});
