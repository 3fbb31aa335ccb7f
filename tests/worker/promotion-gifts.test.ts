import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * A gift with purchase (docs/promotions.md): in the bag at 0 with its picture while its stock lasts,
 * written as a line at 0 in the order's batch that takes its stock, and left out of the order, never
 * oversold, when its stock runs out between the bag and the order.
 */
const text = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");

async function giftProduct() {
  const [slug] = await productSlugs("in_stock", 3).then((s) => s.slice(2));
  const row = await env.DB.prepare("SELECT name, sku FROM cms_products WHERE slug = ?1")
    .bind(slug)
    .first<{ name: string; sku: string }>();
  const variants = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM cms_product_variants WHERE product_id = (SELECT id FROM cms_products WHERE slug = ?1)",
  )
    .bind(slug)
    .first<{ n: number }>();
  expect(variants!.n, "a gift sold as one item").toBe(0);
  return { slug: slug!, ...row! };
}

async function setStock(sku: string, slug: string, onHand: number) {
  await env.DB.prepare(
    "INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3) ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand",
  )
    .bind(sku, slug, onHand)
    .run();
}

describe("a gift with purchase", () => {
  it("is in the bag at 0, written in the order with its stock taken, and left out once it has run out", async () => {
    const gift = await giftProduct();
    await setStock(gift.sku, gift.slug, 1);
    await env.DB.prepare(
      "INSERT INTO promotions (name, applies, gives_json, combinable) VALUES ('Mini with every order', 'auto', ?1, 1)",
    )
      .bind(JSON.stringify({ kind: "gift", productSlug: gift.slug, variantSku: "", sku: gift.sku }))
      .run();
    const [slug] = await productSlugs("in_stock", 1);
    const shopper = new Browser();
    await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    const bag = text(await (await shopper.get("/cart")).text());
    expect(bag).toContain(`Gift: ${gift.name}`);
    expect(bag).toMatch(/cart-line--gift[\s\S]*?<img[\s\S]*?Free/);
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer },
      { from: null },
    );
    const number = placed.headers.get("location")!.split("/").at(-1);
    const lines = await env.DB.prepare(
      "SELECT l.sku, l.unit_price, l.gift, l.stock_taken FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.number = ?1 ORDER BY l.position",
    )
      .bind(number)
      .all<{ sku: string; unit_price: number; gift: number; stock_taken: number }>();
    expect(lines.results.at(-1)).toEqual({ sku: gift.sku, unit_price: 0, gift: 1, stock_taken: 1 });
    const left = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
      .bind(gift.sku)
      .first<{ on_hand: number }>();
    expect(left!.on_hand).toBe(0);
    // The last one is gone: the next bag says so, and its order goes through without it.
    const next = new Browser();
    await next.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    const nextBag = text(await (await next.get("/cart")).text());
    expect(nextBag).not.toContain(`Gift: ${gift.name}`);
    expect(nextBag).toContain("The gift of “Mini with every order” has run out");
    const second = await next.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
    expect(second.headers.get("location")).toMatch(/^\/cart\/order\//);
    const after = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
      .bind(gift.sku)
      .first<{ on_hand: number }>();
    expect(after!.on_hand).toBe(0);
  });

  it("says on the order's page that a gift which ran out after the bag was shown is not in the order", async () => {
    // Only this test's gift: the one before left its promotion, which gives the same SKU.
    await env.DB.prepare("DELETE FROM promotions").run();
    const gift = await giftProduct();
    await setStock(gift.sku, gift.slug, 1);
    const name = `Travel size ${crypto.randomUUID().slice(0, 6)}`;
    const { meta } = await env.DB.prepare(
      "INSERT INTO promotions (name, applies, gives_json, combinable) VALUES (?1, 'auto', ?2, 1)",
    )
      .bind(name, JSON.stringify({ kind: "gift", productSlug: gift.slug, variantSku: "", sku: gift.sku }))
      .run();
    try {
      const [slug] = await productSlugs("in_stock", 1);
      const [first, second] = [new Browser(), new Browser()];
      for (const shopper of [first, second]) {
        await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
        expect(text(await (await shopper.get("/cart")).text())).toContain(`Gift: ${gift.name}`);
      }
      const one = await first.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
      expect(text(await (await first.get(one.headers.get("location")!)).text())).not.toContain("has run out");
      const two = await second.post(
        "/cart/order",
        { idempotencyKey: crypto.randomUUID(), ...customer },
        { from: null },
      );
      expect(two.headers.get("location")).toMatch(/^\/cart\/order\//);
      const page = text(await (await second.get(two.headers.get("location")!)).text());
      expect(page).toContain(`The gift of “${name}” has run out, so it is no longer in your order.`);
    } finally {
      await env.DB.prepare("DELETE FROM promotions WHERE id = ?1").bind(meta.last_row_id).run();
    }
  });
});
