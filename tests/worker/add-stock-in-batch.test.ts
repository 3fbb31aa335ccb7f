import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { type Availability, canBuy } from "../../shared/cart-rules";
import { stockState } from "../../shared/stock-rules";
import { embeddedCms } from "../../worker/index";
import { addLine } from "../../worker/platform/bag/cart-add";
import type { CartOwner } from "../../worker/platform/bag/cart-store";
import { sendWith } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { farShop } from "./support/far-shop";
import { laggingD1 } from "./support/lagging-replica";

/**
 * The add to the bag reads the item's stock in its own batch, on the primary
 * (docs/decisions/0136-the-add-reads-stock-in-its-batch.md): one D1 call, the same refusals word for
 * word, and a count that is the primary's, never a lagging replica's. The seed's foundation counts its
 * shades: Honey 0, Cocoa 3, Espresso 6, Caramel 9, Almond 7 (tests/worker/stock-truth.test.ts).
 */
const FOUNDATION = "velvet-hue-eyes-long-wear-foundation";
const NAME = "Eyes Long-Wear Foundation";
const sku = (shade: string) => `VEL-EYE-0038-${shade.toUpperCase()}`;
const JSON_ACCEPT = { accept: "application/json" };

interface Answer {
  status: number;
  ok: boolean;
  message: string;
}

async function add(browser: Browser, shade: string, quantity: number): Promise<Answer> {
  const res = await browser.post(
    "/cart/add",
    { slug: FOUNDATION, variant: sku(shade), quantity: String(quantity) },
    { from: null, headers: JSON_ACCEPT },
  );
  const body = (await res.json()) as { ok: boolean; message: string };
  return { status: res.status, ok: body.ok, message: body.message };
}

async function setOnHand(skuOf: string, onHand: number): Promise<void> {
  await env.DB.prepare("UPDATE stock_levels SET on_hand = ?2 WHERE sku = ?1").bind(skuOf, onHand).run();
}

async function bagIsEmpty(browser: Browser): Promise<boolean> {
  return !(await (await browser.get("/cart")).text()).includes("Proceed to checkout");
}

describe("the add's batch applies stock as stockState does (decision 0107)", () => {
  it("for every CMS word, counted or not: buyable, availability seen, the cap, and no cart when refused", async () => {
    const words: Availability[] = ["in_stock", "out_of_stock", "none", "prepurchase"];
    for (const cms of words) {
      for (const onHand of [undefined, 0, 2]) {
        const label = `${cms} with ${onHand ?? "no row"}`;
        const skuOf = `TEST-${crypto.randomUUID().slice(0, 8)}`;
        if (onHand !== undefined) {
          await env.DB.prepare("INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, 'a-test', ?2)")
            .bind(skuOf, onHand)
            .run();
        }
        const owner: CartOwner = { kind: "visitor", id: crypto.randomUUID().replaceAll("-", "") };
        const line = { productSlug: "a-test", variantSku: skuOf, sku: skuOf, price: 100, availability: cms };
        const expected = stockState(cms, onHand).availability;
        const first = await addLine(env.DB, owner, { ...line, quantity: 1 });
        const cart = await env.DB.prepare("SELECT id FROM carts WHERE owner_kind = ?1 AND owner_id = ?2")
          .bind(owner.kind, owner.id)
          .first<string>("id");
        if (!canBuy(expected)) {
          expect(first, label).toEqual({ ok: false, reason: "cannot-buy" });
          expect(cart, label).toBeNull();
          continue;
        }
        expect(first, label).toEqual({ ok: true, quantity: 1, capped: false });
        const seen = await env.DB.prepare("SELECT availability_seen FROM cart_lines WHERE cart_id = ?1")
          .bind(cart)
          .first<string>("availability_seen");
        expect(seen, label).toBe(expected);
        // Capped at what is on hand only when counted and not sold ahead.
        const second = await addLine(env.DB, owner, { ...line, quantity: 2 });
        const capped = onHand !== undefined && cms !== "prepurchase";
        expect(second, label).toEqual(
          capped ? { ok: false, reason: "few-left", inBag: 1, left: onHand } : { ok: true, quantity: 3, capped: false },
        );
      }
    }
  });
});

describe("an add that names its shade, in one call to the primary", () => {
  it("refuses a shade counted at 0 with the same sentence, and adds nothing", async () => {
    const shop = farShop();
    const shopper = new Browser(shop.send);
    shop.reset();
    const answer = await add(shopper, "Honey", 1);
    expect(shop.d1.calls, JSON.stringify(shop.d1.log.map((c) => c.sql))).toBe(1);
    expect(answer).toEqual({ status: 422, ok: false, message: `${NAME} — Honey: Out of stock` });
    expect(await bagIsEmpty(shopper)).toBe(true);
  });

  it("says how many are left when the bag would hold more than is on hand, as it said when stock was read first", async () => {
    const shop = farShop();
    const shopper = new Browser(shop.send);
    shop.reset();
    const over = await add(shopper, "Cocoa", 4);
    expect(shop.d1.calls).toBe(1);
    expect(over).toEqual({ status: 422, ok: false, message: `Only 3 left of ${NAME} — Cocoa.` });
    expect((await add(shopper, "Cocoa", 2)).ok).toBe(true);
    const again = await add(shopper, "Cocoa", 2);
    expect(again.message).toBe(`Only 3 left of ${NAME} — Cocoa, and 2 are in your bag already.`);
  });

  it("sees a count changed between two adds", async () => {
    const shopper = new Browser();
    expect((await add(shopper, "Almond", 1)).ok).toBe(true);
    await setOnHand(sku("Almond"), 1);
    const refused = await add(shopper, "Almond", 1);
    expect(refused.message).toBe(`Only 1 left of ${NAME} — Almond, and 1 is in your bag already.`);
    await setOnHand(sku("Almond"), 0);
    expect((await add(shopper, "Almond", 1)).message).toBe(`${NAME} — Almond: Out of stock`);
    await setOnHand(sku("Almond"), 7);
    expect(await add(shopper, "Almond", 1)).toEqual({
      status: 200,
      ok: true,
      message: `${NAME} — Almond is in your bag.`,
    });
  });
});

describe("with a replica that lags (docs/decisions/0100)", () => {
  // A session anchored anywhere reads a copy of the database from before the test's writes
  // (tests/worker/support/lagging-replica.ts); the primary is the test's own D1.
  const replica = env.MIGRATION_DB;
  const lagging = laggingD1(env.DB);
  const send = sendWith({
    ...env,
    DB: lagging,
    CMS: { fetch: (r: Request) => embeddedCms.fetch(r, env) },
  } as Env);

  beforeAll(async () => {
    await replica.batch(env.TEST_DATABASE.map((statement) => replica.prepare(statement)));
  });

  it("refuses and caps by the primary's count, not the replica's", async () => {
    await setOnHand(sku("Espresso"), 0);
    await setOnHand(sku("Caramel"), 2);
    const shopper = new Browser(send);
    // The replica still counts 6 Espresso and 9 Caramel: read there first, both adds went through.
    expect(await add(shopper, "Espresso", 1)).toEqual({
      status: 422,
      ok: false,
      message: `${NAME} — Espresso: Out of stock`,
    });
    expect((await add(shopper, "Caramel", 4)).message).toBe(`Only 2 left of ${NAME} — Caramel.`);
  });
});
