import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { stockState } from "../../shared/stock-rules";
import { bumpStockVersion } from "../../worker/platform/caches/versions";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { freshView } from "./support/page-shells";
import { customer } from "./support/shop-fixtures";

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
