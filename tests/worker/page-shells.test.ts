import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE, VISITOR_COUNTS_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";
import { register } from "./support/auth-api";
import { Browser } from "./support/browser-session";
import { keptPage, refreshedPage } from "./support/page-shells";

const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

async function inStock(count: number): Promise<{ id: number; slug: string; name: string }[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, slug, name FROM cms_products WHERE availability = 'in_stock' AND category_id = (SELECT id FROM cms_categories WHERE slug = 'skincare') ORDER BY popularity DESC LIMIT ?1",
  )
    .bind(count)
    .all<{ id: number; slug: string; name: string }>();
  return results;
}

/**
 * A page no other test has asked for, so its shell is made here: a listing with a price ceiling
 * of its own, above every price (a kept page's key holds only the parameters the page reads).
 */
function freshPath(base: string): string {
  return `${base}?cost%5Bmax%5D=${900_000 + Math.floor(Math.random() * 99_999)}`;
}

describe("page shells with the shopper's own parts", () => {
  it("never lets one shopper's name, counts, hearts or message reach another through the shared copy", async () => {
    const [first, second, third] = await inStock(3);
    const ann = await register();
    const a = new Browser();
    await a.post("/user/login", { identifier: ann.email, password: ann.password, redirect: "/" });
    await a.post("/cart/add", { slug: first.slug, quantity: "2" }, { from: "/catalog/skincare" });
    // The toggle redirects with a flash message: the next page shows it once.
    expect((await a.post("/favorites/toggle", { slug: second.slug }, { from: "/catalog/skincare" })).status).toBe(303);
    const path = freshPath("/catalog/skincare");

    const annView = await (await a.get(path)).text();
    expect(annView).toContain(`Account of ${ann.username}`);
    expect(annView).toContain("Bag, 2 items");
    expect(annView).toContain("Favourites, 1 item");
    expect(annView).toContain("Saved to your favourites.");
    expect(annView).toMatch(new RegExp(`aria-pressed="true" data-favourite="${second.slug}"`));
    expect(annView).toContain(`"username":"${ann.username}"`);

    const kept = await keptPage(path, ANON);
    const shared = await kept.text();
    for (const personal of [ann.username, "Bag, 2 items", "Saved to your favourites.", 'aria-pressed="true"']) {
      expect(shared).not.toContain(personal);
    }
    expect(shared).toContain("Bag, 0 items");
    // At 0 the badge is empty, so not drawn, with no `hidden` beside its aria-hidden (the Nu checker's warning).
    expect(shared).toContain(
      '<span class="counter" aria-hidden="true" data-counter="bag" data-hole="bag-count"></span>',
    );
    expect(shared).toContain(">Sign in<");

    const b = new Browser();
    await b.post("/cart/add", { slug: third.slug, quantity: "1" }, { from: "/catalog/skincare" });
    const bobView = await (await b.get(path)).text();
    expect(bobView).toContain("Bag, 1 item");
    expect(bobView).toContain(">Sign in<");
    for (const personal of [ann.username, "Bag, 2 items", "Saved to your favourites.", 'aria-pressed="true"']) {
      expect(bobView).not.toContain(personal);
    }

    // And back: Ann, served from the kept shell now, still sees her own parts (the flash only once).
    const again = await (await a.get(path)).text();
    expect(again).toContain(`Account of ${ann.username}`);
    expect(again).toContain("Bag, 2 items");
    expect(again).not.toContain("Saved to your favourites.");
    expect(again).toMatch(new RegExp(`aria-pressed="true" data-favourite="${second.slug}"`));
  });

  it("gives every view of a kept page a nonce of its own when the shopper has parts of their own", async () => {
    const path = "/company";
    await keptPage(path, ANON);
    const visitor = new Browser();
    const [product] = await inStock(1);
    await visitor.post("/cart/add", { slug: product.slug }, { from: "/catalog/skincare" });
    const one = await visitor.get(path);
    const two = await visitor.get(path);
    const nonceOf = (res: Response) => res.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(one)).toBeTruthy();
    expect(nonceOf(one)).not.toBe(nonceOf(two));
    const html = await one.text();
    expect(html).toContain(`nonce="${nonceOf(one)}"`);
    expect(html).not.toContain("page-shell-nonce-placeholder");
  });
});

describe("a visitor's counts kept in their browser", () => {
  it("stays right through add, update and remove, and is never taken from another visitor's cookie", async () => {
    const [first, second] = await inStock(2);
    const path = "/company";
    await keptPage(path, ANON);
    const visitor = new Browser();
    await visitor.post("/cart/add", { slug: first.slug, quantity: "2" }, { from: path });
    expect(visitor.cookies.get(VISITOR_COUNTS_COOKIE)).toBeTruthy();
    expect(await (await visitor.get(path)).text()).toContain("Bag, 2 items");
    await visitor.post("/cart/add", { slug: second.slug, quantity: "1" }, { from: path });
    expect(await (await visitor.get(path)).text()).toContain("Bag, 3 items");
    await visitor.post("/cart/update", { slug: first.slug, quantity: "5" }, { from: path });
    expect(await (await visitor.get(path)).text()).toContain("Bag, 6 items");
    await visitor.post("/cart/remove", { slug: second.slug }, { from: path });
    expect(await (await visitor.get(path)).text()).toContain("Bag, 5 items");

    // Another visitor showing this one's counts cookie gets their own counts, read from D1.
    const other = new Browser();
    await other.post("/cart/add", { slug: second.slug, quantity: "1" }, { from: path });
    other.cookies.set(VISITOR_COUNTS_COOKIE, visitor.cookies.get(VISITOR_COUNTS_COOKIE) ?? "");
    expect(await (await other.get(path)).text()).toContain("Bag, 1 item");
  });
});

describe("content version", () => {
  const webhook = (model: string, id: number) =>
    fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
      body: JSON.stringify({ event: "entry.update", model, entry: { id, locale: "en" } }),
    });

  it("shows a CMS change once the page rendered after the webhook is kept, on kept pages and cached records alike", async () => {
    const [product] = await inStock(1);
    const renamed = `${product.name} Limited Edition`;
    const listing = freshPath("/catalog/skincare");
    expect(await (await keptPage(listing, ANON)).text()).toContain(product.name);
    await env.DB.prepare("UPDATE cms_products SET name = ?2 WHERE slug = ?1").bind(product.slug, renamed).run();
    try {
      // Until the CMS says so, the kept page and the cached records stand.
      expect(await (await fetchWorker(listing, { headers: ANON })).text()).not.toContain(renamed);
      const res = await webhook("product", product.id);
      expect(res.status).toBe(200);
      const moved = (await res.json()) as { version: string; tags: string[] };
      expect(moved.version).toMatch(/^[a-z0-9]+-[0-9a-f]{8}$/);
      expect(moved.tags).toEqual(
        expect.arrayContaining([`product:en:${product.id}`, "product:in:en:category:skincare"]),
      );
      // The next view is the copy from before the change, served while the new page renders (decision 0084).
      const stale = await fetchWorker(listing, { headers: ANON });
      expect(stale.headers.get("x-page-shell")).toBe("stale");
      expect(await stale.text()).not.toContain(renamed);
      expect(await (await refreshedPage(listing, ANON)).text()).toContain(renamed);
    } finally {
      await env.DB.prepare("UPDATE cms_products SET name = ?2 WHERE slug = ?1").bind(product.slug, product.name).run();
      await webhook("product", product.id);
    }
  });
});
