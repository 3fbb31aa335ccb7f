import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { STOCK_VERSION_KEY } from "../../worker/platform/caches/versions";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { racingDb } from "./support/racing-db";
import { customer } from "./support/shop-fixtures";

/**
 * Stock that cannot be oversold: an order takes its quantities in the batch that writes it, and a
 * line that would take a SKU below zero refuses the whole order. Bags by variant: two shades of one
 * product are two lines, named by their shade everywhere.
 */

interface Variant {
  slug: string;
  productName: string;
  sku: string;
  name: string;
}

/** Shades of an in-stock makeup product of the seed, by position. */
async function shades(count: number, productOffset = 0): Promise<Variant[]> {
  const { results } = await env.DB.prepare(
    `SELECT p.slug, p.name AS productName, v.sku, v.name FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id
     WHERE v.kind = 'shade' AND v.availability IS NULL AND p.availability = 'in_stock'
       AND p.id = (SELECT p2.id FROM cms_products p2 JOIN cms_product_variants v2 ON v2.product_id = p2.id
                   WHERE v2.kind = 'shade' AND p2.availability = 'in_stock' GROUP BY p2.id ORDER BY p2.id LIMIT 1 OFFSET ?1)
     ORDER BY v.position LIMIT ?2`,
  )
    .bind(productOffset, count)
    .all<Variant>();
  expect(results.length).toBe(count);
  return results;
}

async function setStock(sku: string, slug: string, onHand: number | null): Promise<void> {
  if (onHand === null) await env.DB.prepare("DELETE FROM stock_levels WHERE sku = ?1").bind(sku).run();
  else
    await env.DB.prepare(
      "INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, ?3) ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand",
    )
      .bind(sku, slug, onHand)
      .run();
}

async function onHand(sku: string): Promise<number | null> {
  const row = await env.DB.prepare("SELECT on_hand FROM stock_levels WHERE sku = ?1")
    .bind(sku)
    .first<{ on_hand: number }>();
  return row?.on_hand ?? null;
}

async function shopperWith(lines: { slug: string; variant: string; quantity: number }[]): Promise<Browser> {
  const shopper = new Browser();
  for (const line of lines) {
    const res = await shopper.post(
      "/cart/add",
      { slug: line.slug, variant: line.variant, quantity: String(line.quantity) },
      { from: null },
    );
    expect(res.status).toBe(303);
  }
  return shopper;
}

async function order(shopper: Browser): Promise<Response> {
  return shopper.post("/cart/order", { idempotencyKey: crypto.randomUUID(), ...customer }, { from: null });
}

async function flashOf(shopper: Browser): Promise<string> {
  const html = await (await shopper.get("/cart")).text();
  return html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&");
}

const ordersWith = async (sku: string) =>
  (await env.DB.prepare("SELECT COUNT(DISTINCT order_id) AS n FROM order_lines WHERE sku = ?1")
    .bind(sku)
    .first<{ n: number }>())!.n;

describe("stock that cannot be oversold", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM order_lines").run();
    await env.DB.prepare("DELETE FROM orders").run();
  });

  it("lets exactly 5 of 20 racing shoppers have the last 5, refuses 15 with the message, never below zero", async () => {
    const [shade] = await shades(1);
    await setStock(shade!.sku, shade!.slug, 5);
    const db = racingDb(20, /UPDATE stock_levels SET on_hand = on_hand -/);
    const racing = { ...env, DB: db };
    // Twenty bags, each with one of the shade.
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const shopper = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, racing));
        await shopper.post("/cart/add", { slug: shade!.slug, variant: shade!.sku, quantity: "1" }, { from: null });
        return shopper;
      }),
    );
    const answers = await Promise.all(shoppers.map((s) => order(s)));
    const placed = answers.filter((r) => r.headers.get("location")?.startsWith("/cart/order/"));
    const refused = answers.filter((r) => r.headers.get("location") === "/cart");
    expect(placed.length).toBe(5);
    expect(refused.length).toBe(15);
    expect(await onHand(shade!.sku)).toBe(0);
    expect(await ordersWith(shade!.sku)).toBe(5);
    // No order without its lines: every order row has its line.
    const orphans = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id)",
    ).first<{ n: number }>();
    expect(orphans!.n).toBe(0);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n).toBe(5);
    const refusedShopper = shoppers[answers.indexOf(refused[0]!)]!;
    expect(await flashOf(refusedShopper)).toContain(`${shade!.productName} — ${shade!.name} is sold out`);
  }, 60_000);

  it("refuses a whole bag when one line is short, writes nothing, and changes the bag to what is left", async () => {
    const [plenty, short] = await shades(2);
    await setStock(plenty!.sku, plenty!.slug, 30);
    await setStock(short!.sku, short!.slug, 10);
    const shopper = await shopperWith([
      { slug: plenty!.slug, variant: plenty!.sku, quantity: 3 },
      { slug: short!.slug, variant: short!.sku, quantity: 4 },
    ]);
    await setStock(short!.sku, short!.slug, 2);
    const res = await order(shopper);
    expect(res.headers.get("location")).toBe("/cart");
    expect(await onHand(plenty!.sku)).toBe(30);
    expect(await onHand(short!.sku)).toBe(2);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())!.n).toBe(0);
    const html = await flashOf(shopper);
    expect(html).toContain(`Only 2 left of ${short!.productName} — ${short!.name} — we changed your bag to 2`);
    expect(html).toMatch(/Bag, 5 items/);
    // Back at the checkout, the form holds what the shopper had typed (not the consent: asked again).
    const form = await (await shopper.get("/cart/order")).text();
    expect(form).toContain('name="firstName" value="Mariam"');
    expect(form).toContain('name="address" value="Villa 12, Al Wasl Road"');
    expect(form).toMatch(/<option value="Dubai" selected="">|name="region"[^>]*value="Dubai"/);
    // The corrected bag goes through, and nothing typed is kept after it.
    const again = await order(shopper);
    expect(again.headers.get("location")).toMatch(/^\/cart\/order\//);
    expect(await onHand(plenty!.sku)).toBe(27);
    expect(await onHand(short!.sku)).toBe(0);
    expect(again.headers.get("set-cookie")).toMatch(/__Host-checkout_draft=;/);
  });

  it("keeps two shades of one product as two lines, named by shade in the bag, the order and its e-mail", async () => {
    const [first, second] = await shades(2, 1);
    await setStock(first!.sku, first!.slug, 10);
    await setStock(second!.sku, second!.slug, null);
    const shopper = await shopperWith([
      { slug: first!.slug, variant: first!.sku, quantity: 1 },
      { slug: second!.slug, variant: second!.sku, quantity: 2 },
    ]);
    const bag = await flashOf(shopper);
    expect(bag).toContain(`${first!.productName} — ${first!.name}`);
    expect(bag).toContain(`${second!.productName} — ${second!.name}`);
    expect(bag).toMatch(/Bag, 3 items/);
    const res = await order(shopper);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/cart\/order\//);
    const page = (await (await shopper.get(location)).text()).replaceAll("&#x27;", "'");
    expect(page).toContain(`${first!.productName} — ${first!.name}`);
    const lines = await env.DB.prepare(
      "SELECT name, variant_name, sku, quantity, stock_taken FROM order_lines ORDER BY position",
    ).all<{ name: string; variant_name: string; sku: string; quantity: number; stock_taken: number }>();
    expect(lines.results).toEqual([
      {
        name: `${first!.productName} — ${first!.name}`,
        variant_name: first!.name,
        sku: first!.sku,
        quantity: 1,
        stock_taken: 1,
      },
      // Not counted: sold without taking anything.
      {
        name: `${second!.productName} — ${second!.name}`,
        variant_name: second!.name,
        sku: second!.sku,
        quantity: 2,
        stock_taken: 0,
      },
    ]);
    expect(await onHand(first!.sku)).toBe(9);
    await drawMail();
    const mail = await env.DB.prepare(
      "SELECT body_text FROM outbox WHERE kind = 'order-confirmation' ORDER BY id DESC LIMIT 1",
    ).first<{
      body_text: string;
    }>();
    expect(mail!.body_text).toContain(`2 × ${second!.productName} — ${second!.name}`);
  });

  it("refuses to add more than is left, and adds the shade the page shows first when none is named", async () => {
    const [shade] = await shades(1, 2);
    await setStock(shade!.sku, shade!.slug, 2);
    const shopper = new Browser();
    const refused = await shopper.post(
      "/cart/add",
      { slug: shade!.slug, variant: shade!.sku, quantity: "3" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      field: "quantity",
      message: `Only 2 left of ${shade!.productName} — ${shade!.name}.`,
    });
    const unnamed = await shopper.post(
      "/cart/add",
      { slug: shade!.slug, quantity: "1" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(await unnamed.json()).toMatchObject({
      ok: true,
      message: `${shade!.productName} — ${shade!.name} is in your bag.`,
    });
    const unknown = await shopper.post(
      "/cart/add",
      { slug: shade!.slug, variant: "NO-SUCH-SHADE", quantity: "1" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(unknown.status).toBe(422);
  });

  it("moves the kept pages' stock version on only when an order changes what a page shows", async () => {
    const [plenty, few] = await shades(2, 4);
    await setStock(plenty!.sku, plenty!.slug, 40);
    await setStock(few!.sku, few!.slug, 2);
    // Every request's execution context, so the work done after answering can be waited for.
    const contexts: ExecutionContext[] = [];
    const send = (path: string, init: RequestInit) => {
      const ctx = createExecutionContext();
      contexts.push(ctx);
      return appRequest(`https://shop.example${path}`, init, env, ctx);
    };
    const settled = () => Promise.all(contexts.map((ctx) => waitOnExecutionContext(ctx)));
    const version = () => env.CMS_CACHE.get(STOCK_VERSION_KEY);
    const orderOne = async (line: Variant) => {
      const shopper = new Browser(send);
      await shopper.post("/cart/add", { slug: line.slug, variant: line.sku, quantity: "1" }, { from: null });
      expect((await order(shopper)).headers.get("location")).toMatch(/^\/cart\/order\//);
      await settled();
    };
    const before = await version();
    await orderOne(plenty!);
    expect(await version()).toBe(before);
    await orderOne(few!);
    const after = await version();
    expect(after).not.toBe(before);
    await orderOne(few!);
    expect(await version()).not.toBe(after);
  });

  it("sells a pre-purchase shade beyond its stock, taking only what is on hand", async () => {
    const [shade] = await shades(1, 3);
    await env.DB.prepare("UPDATE cms_product_variants SET availability = 'prepurchase' WHERE sku = ?1")
      .bind(shade!.sku)
      .run();
    try {
      await setStock(shade!.sku, shade!.slug, 1);
      const shopper = await shopperWith([{ slug: shade!.slug, variant: shade!.sku, quantity: 3 }]);
      const res = await order(shopper);
      expect(res.headers.get("location")).toMatch(/^\/cart\/order\//);
      expect(await onHand(shade!.sku)).toBe(0);
      const line = await env.DB.prepare("SELECT stock_taken FROM order_lines WHERE sku = ?1")
        .bind(shade!.sku)
        .first<{ stock_taken: number }>();
      expect(line!.stock_taken).toBe(1);
    } finally {
      await env.DB.prepare("UPDATE cms_product_variants SET availability = NULL WHERE sku = ?1").bind(shade!.sku).run();
    }
  });
});
