import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { stockState } from "../../shared/stock-rules";
import { bumpStockVersion } from "../../worker/platform/caches/versions";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { freshView } from "./support/page-shells";
import { customer } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";
import { confirmFields } from "./support/stock-import";

/**
 * One truth for "can I buy this" (decision 0107): D1's count where the SKU is counted, the CMS's flag
 * otherwise — on the product page, in quick view, in the bag and the order, and in the back-in-stock form.
 * The seed's foundation is the phone walk's case: the CMS gives its shades no availability (shown "Out of
 * stock") while the desk counts 10, 12, 15, 0 (Honey), 9, 7, 3 and 6 of them.
 */
const FOUNDATION = "velvet-hue-eyes-long-wear-foundation";
const PATH = `/catalog/makeup/${FOUNDATION}`;
const SAND = "VEL-EYE-0038-SAND";
const HONEY = "VEL-EYE-0038-HONEY";

async function setStock(rows: Record<string, number>): Promise<void> {
  await env.DB.batch(
    Object.entries(rows).map(([sku, onHand]) =>
      env.DB.prepare(
        `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3)
         ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand`,
      ).bind(sku, FOUNDATION, onHand),
    ),
  );
  await bumpStockVersion(env.CMS_CACHE);
}

async function page(path: string): Promise<string> {
  const res = await freshView(() => fetchWorker(path));
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The product's own buy box: its details up to its description (not the similar products' cards). */
async function buyBox(path: string): Promise<string> {
  const html = await page(path);
  const start = html.indexOf('<div class="product-details">');
  expect(start).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('aria-labelledby="about"', start));
}

describe("the rule", () => {
  it("takes D1's count where the SKU is counted, whatever the CMS's flag, and the CMS's flag otherwise", () => {
    for (const cms of ["in_stock", "out_of_stock", "none", "prepurchase"] as const) {
      expect(stockState(cms, 12), cms).toEqual({ availability: "in_stock", left: null });
      expect(stockState(cms, 3), cms).toEqual({ availability: "in_stock", left: 3 });
      expect(stockState(cms, undefined), cms).toEqual({ availability: cms, left: null });
    }
    expect(stockState("in_stock", 0).availability).toBe("out_of_stock");
    expect(stockState("none", 0).availability).toBe("out_of_stock");
    // Sold ahead: a pre-order stays orderable at 0.
    expect(stockState("prepurchase", 0).availability).toBe("prepurchase");
  });
});

describe("a product the CMS calls out of stock and D1 counts", () => {
  it("is in stock on its page, with the add to bag and no back-in-stock form", async () => {
    const html = await buyBox(`${PATH}?variant=${SAND}`);
    expect(html).toMatch(/availability--in">In stock</);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Add to bag/);
    expect(html).not.toContain("Tell me when it&#x27;s back");
  });

  it("offers the back-in-stock form on the shade D1 counts at 0, and only there", async () => {
    const html = await buyBox(`${PATH}?variant=${HONEY}`);
    expect(html).toMatch(/availability--out">Out of stock</);
    expect(html).toContain("Tell me when it&#x27;s back");
    expect(html).toMatch(new RegExp(`<input type="hidden" name="sku" value="${HONEY}"`));
  });

  it("says in stock in quick view, and is added to the bag and ordered", async () => {
    const quick = (await (await fetchWorker(`/catalog-api/quick-view/${FOUNDATION}`)).json()) as {
      availability: string;
    };
    expect(quick.availability).toBe("in_stock");
    const shopper = new Browser();
    const added = await shopper.post("/cart/add", { slug: FOUNDATION, variant: SAND, quantity: "2" }, { from: null });
    expect(added.status).toBe(303);
    const bag = await (await shopper.get("/cart")).text();
    expect(bag).toContain("Long-Wear Foundation");
    expect(bag).not.toContain("is out of stock");
    const before = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
      .bind(SAND)
      .first<number>("on_hand");
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    expect(placed.headers.get("location")).toMatch(/^\/cart\/order\//);
    const after = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
      .bind(SAND)
      .first<number>("on_hand");
    expect(after).toBe((before ?? 0) - 2);
  });

  it("is shown the same on the staff desk: each shade with what the shop shows", async () => {
    const { browser } = await signedIn("staff");
    const html = await (await browser.get(`/staff/products/${FOUNDATION}`)).text();
    expect(html).toMatch(new RegExp(`${SAND}[\\s\\S]*?\\d+</span> <span class="staff-stock__shop">· shop: in stock<`));
    expect(html).toMatch(
      new RegExp(`${HONEY}[\\s\\S]*?0 · sold out</span> <span class="staff-stock__shop">· shop: out of stock<`),
    );
  });

  it("refuses the back-in-stock form for a shade D1 has on hand, saying it is in stock", async () => {
    const res = await fetchWorker("/stock-alerts", {
      method: "POST",
      headers: {
        origin: "https://shop.example",
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
        "cf-connecting-ip": "203.0.113.71",
      },
      body: new URLSearchParams({ product: FOUNDATION, sku: SAND, email: "truth@example.ae" }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain("is in stock now");
  });

  it("is sold out once D1 counts every shade at 0, and back when one is counted again", async () => {
    const shades = await env.DB.prepare("SELECT sku FROM stock_levels WHERE product_slug = ?1")
      .bind(FOUNDATION)
      .all<{ sku: string }>();
    const saved = await env.DB.prepare("SELECT sku, on_hand FROM stock_levels WHERE product_slug = ?1")
      .bind(FOUNDATION)
      .all<{ sku: string; on_hand: number }>();
    await setStock(Object.fromEntries(shades.results.map((r) => [r.sku, 0])));
    try {
      const html = await buyBox(PATH);
      expect(html).toMatch(/availability--out">Out of stock</);
      expect(html).toContain("Tell me when it&#x27;s back");
    } finally {
      await setStock(Object.fromEntries(saved.results.map((r) => [r.sku, r.on_hand])));
    }
  });
});

/** The product slugs of a listing page's cards, in order. */
function cards(html: string): string[] {
  return [...html.matchAll(/<a class="product-card__image" href="\/catalog\/makeup\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
}

function count(html: string): string | undefined {
  return html.match(/data-result-count="">([^<]*)</)?.[1];
}

describe('"Popular" leads with what can be bought', () => {
  it("puts the product the CMS ranks first after every buyable one once D1 sells it out, paging and counting right", async () => {
    const saved = await env.DB.prepare("SELECT sku, on_hand FROM stock_levels WHERE product_slug = ?1")
      .bind(FOUNDATION)
      .all<{ sku: string; on_hand: number }>();
    const { browser } = await signedIn("staff");
    // Kept while the foundation can be bought: the CMS's most popular product comes first.
    const before = await page("/catalog/makeup");
    expect(cards(before)[0]).toBe(FOUNDATION);
    // Sold out through the desk (counts set to 0): its write moves the stock version on, so the kept
    // pages are drawn again in the new order.
    const csv = saved.results.map((r) => `${r.sku},0`).join("\n");
    const preview = await browser.post("/staff/products", { mode: "set", csv }, { from: null });
    expect((await browser.post("/staff/products", confirmFields(await preview.text()), { from: null })).status).toBe(
      303,
    );
    try {
      const first = await page("/catalog/makeup");
      const second = await page("/catalog/makeup?page=2");
      expect(count(first)).toBe("16 products");
      expect(count(second)).toBe("16 products");
      const one = cards(first);
      const two = cards(second);
      expect(one).toHaveLength(12);
      expect(two).toHaveLength(4);
      expect(new Set([...one, ...two]).size).toBe(16);
      expect(one).not.toContain(FOUNDATION);
      expect(two.at(-1)).toBe(FOUNDATION);
      // Among the buyable ones the CMS's order (popularity) stands.
      const { results } = await env.DB.prepare(
        `SELECT p.slug FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
         WHERE c.slug = 'makeup' AND p.slug <> ?1 ORDER BY p.popularity DESC, p.id`,
      )
        .bind(FOUNDATION)
        .all<{ slug: string }>();
      expect([...one, ...two.slice(0, -1)]).toEqual(results.map((r) => r.slug));
      // The availability filter reads the same truth, and counts it.
      const inStock = await page("/catalog/makeup?availability=in_stock");
      expect(count(inStock)).toBe("15 products");
      expect(cards(inStock)).not.toContain(FOUNDATION);
      const soldOut = await page("/catalog/makeup?availability=out_of_stock");
      expect(count(soldOut)).toBe("1 product");
      expect(cards(soldOut)).toEqual([FOUNDATION]);
      // Another sort keeps the CMS's order: only "Popular" is reordered by buyability.
      const byPrice = cards(await page("/catalog/makeup?sort=price-desc"));
      expect(byPrice).toHaveLength(12);
    } finally {
      await setStock(Object.fromEntries(saved.results.map((r) => [r.sku, r.on_hand])));
    }
    expect(cards(await page("/catalog/makeup"))[0]).toBe(FOUNDATION);
  });
});
