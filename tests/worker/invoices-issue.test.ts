import { env } from "cloudflare:test";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import type { Promotion, PromotionLine } from "../../shared/promotions/promotion";
import { type Candidate, quote } from "../../shared/promotions/quote";
import { DEFAULT_SETTINGS } from "../../shared/promotions/shop-settings";
import type { AppEnv } from "../../worker/platform/app-env";
import { issueInvoiceStatements } from "../../worker/platform/invoices/invoice-statements";
import { changeOrder } from "../../worker/platform/orders/order-desk-store";
import { findOrderByNumber, markPaid } from "../../worker/platform/orders/order-store";
import { paymentWebhook } from "../../worker/screens/cart/payment-webhook";
import { counter, documentsOf, orderFromQuote, SELLER, setSeller } from "./support/invoice-orders";
import { stripeSignature } from "./support/stripe-signature";

/**
 * Tax invoices issued in the batch that makes an order a supply (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md):
 * the gapless sequence under 200 payments at once, the rounding rule over random bags, the snapshot
 * that never changes, and the credit note a cancel after issue gets.
 */

const ACTOR = { id: 1, name: "Layla (desk)" };

/** A small deterministic generator, so a failing bag can be found again from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

function line(i: number, unitPrice: number, quantity: number): PromotionLine {
  return {
    key: String(i),
    productSlug: `p-${i}`,
    sku: `sku-${i}`,
    brandSlug: null,
    categorySlug: null,
    unitPrice,
    quantity,
  };
}

function promotion(id: number, gives: Promotion["gives"], priority: number): Candidate {
  return {
    code: null,
    usage: { used: 0, byShopper: 0 },
    promotion: {
      id,
      name: `Promotion ${id}`,
      applies: "auto",
      gives,
      target: { kind: "order", values: [] },
      minSubtotal: 0,
      minQuantity: 0,
      startsAt: null,
      endsAt: null,
      firstOrderOnly: false,
      usesMax: null,
      usesPerShopper: null,
      combinable: true,
      priority,
      paused: false,
    },
  };
}

function randomBag(seed: number) {
  const r = random(seed);
  const lines = Array.from({ length: 1 + r(6) }, (_, i) => line(i, 1 + r(60_000), 1 + r(5)));
  const candidates: Candidate[] = [];
  if (r(2)) candidates.push(promotion(1, { kind: "percent", percent: 1 + r(60), cap: r(2) ? 1 + r(20_000) : null }, 3));
  if (r(2)) candidates.push(promotion(2, { kind: "fixed", amount: 1 + r(15_000) }, 2));
  if (r(3) === 0) candidates.push(promotion(3, { kind: "free_delivery" }, 1));
  const payment = r(2) ? ("cash" as const) : ("online" as const);
  const delivery = r(4) === 0 ? ("pickup" as const) : ("transport" as const);
  const settings = {
    ...DEFAULT_SETTINGS,
    deliveryFee: r(4_000),
    freeDeliveryFrom: r(2) ? r(80_000) : null,
    cashFee: r(2) ? r(1_500) : 0,
  };
  const q = quote({
    lines,
    candidates,
    settings,
    delivery,
    region: null,
    payment,
    now: new Date("2026-12-01T10:00:00Z"),
    ordered: true,
    giftsInStock: new Set(),
  });
  return { q, payment, delivery };
}

/** Issues the order's invoice on its own (a guard that always holds), as the desk's late issue does. */
async function issue(orderId: number) {
  await env.DB.batch(issueInvoiceStatements(env.DB, orderId, { sql: "1 = 1", params: [] }));
}

beforeAll(async () => {
  await setSeller();
});

describe("the invoice sequence", () => {
  it("gives 200 card orders paid at once 200 numbers in a row, with no gap and no repeat", async () => {
    const before = await counter("invoice");
    const bag = randomBag(7).q;
    const orders = [];
    for (let i = 0; i < 200; i++)
      orders.push(await orderFromQuote(bag, { reference: `cs_inv_${i}_${crypto.randomUUID()}` }));
    const references = await Promise.all(
      orders.map((o) =>
        env.DB.prepare("SELECT payment_reference AS r FROM orders WHERE id = ?1").bind(o.id).first<{ r: string }>(),
      ),
    );
    const outcomes = await Promise.all(references.map((row, i) => markPaid(env.DB, `evt_inv_${i}`, row!.r)));
    expect(outcomes.every((o) => o === "paid")).toBe(true);
    const { results } = await env.DB.prepare(
      "SELECT number FROM invoices WHERE kind = 'invoice' AND order_id IN (SELECT value FROM json_each(?1)) ORDER BY number",
    )
      .bind(JSON.stringify(orders.map((o) => o.id)))
      .all<{ number: number }>();
    expect(results.map((row) => row.number)).toEqual(Array.from({ length: 200 }, (_, i) => before + 1 + i));
    expect(await counter("invoice")).toBe(before + 200);
  });

  it("issues a card order's invoice from the provider's signed paid event, in the webhook's batch", async () => {
    const secret = "whsec_invoices_0123456789";
    const app = new Hono<AppEnv>().route("/api/payments", paymentWebhook);
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: secret };
    const reference = `cs_test_invoice_${crypto.randomUUID()}`;
    const order = await orderFromQuote(randomBag(21).q, { reference });
    const before = await counter("invoice");
    const body = JSON.stringify({
      id: `evt_invoice_${order.id}`,
      type: "checkout.session.completed",
      data: { object: { id: reference, payment_status: "paid" } },
    });
    const res = await app.request(
      "/api/payments/webhook",
      {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "Stripe-Signature": await stripeSignature(secret, body) },
      },
      stripeEnv,
    );
    expect(res.status).toBe(200);
    const [invoice] = await documentsOf(order.id);
    expect(invoice?.kind).toBe("invoice");
    expect(invoice?.number).toBe(before + 1);
  });

  it("issues nothing for a payment event seen twice, and takes no number for it", async () => {
    const order = await orderFromQuote(randomBag(8).q, { reference: `cs_twice_${crypto.randomUUID()}` });
    const ref = (await env.DB.prepare("SELECT payment_reference AS r FROM orders WHERE id = ?1")
      .bind(order.id)
      .first<{ r: string }>())!.r;
    expect(await markPaid(env.DB, "evt_twice", ref)).toBe("paid");
    const after = await counter("invoice");
    expect(await markPaid(env.DB, "evt_twice", ref)).toBe("repeat");
    await issue(order.id);
    expect(await counter("invoice")).toBe(after);
    expect((await documentsOf(order.id)).length).toBe(1);
  });

  it("issues no invoice while the seller's TRN is not set, and takes no number", async () => {
    await env.DB.prepare("DELETE FROM shop_settings WHERE key = 'seller'").run();
    try {
      const order = await orderFromQuote(randomBag(9).q);
      const before = await counter("invoice");
      await issue(order.id);
      expect(await documentsOf(order.id)).toEqual([]);
      expect(await counter("invoice")).toBe(before);
    } finally {
      await setSeller();
    }
  });
});

describe("the rounding rule", () => {
  it("makes the lines' amounts and VAT add up to the order's total and VAT, to the fils, over 300 random bags", async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { q, payment, delivery } = randomBag(seed * 7919);
      const order = await orderFromQuote(q, { payment, delivery });
      await issue(order.id);
      const [doc] = await documentsOf(order.id);
      const s = doc!.snapshot;
      const where = `bag ${seed * 7919}`;
      const amounts = s.lines.reduce((sum, l) => sum + l.amount, 0) + s.delivery.amount + s.codFee.amount;
      expect(amounts, where).toBe(q.total);
      expect(s.total, where).toBe(q.total);
      const vat = s.lines.reduce((sum, l) => sum + l.vat, 0) + s.delivery.vat + s.codFee.vat;
      expect(vat, where).toBe(s.vat);
      expect(s.vat, where).toBe(q.vat);
      // Each line's VAT is on what was paid for it after its share of the discounts.
      s.lines.forEach((l, i) => {
        expect(l.amount, where).toBe(q.lines[i]!.net);
        expect(l.vat, where).toBe(q.lines[i]!.vat);
        expect(l.gross - l.discount, where).toBe(l.amount);
      });
      expect(s.lines.reduce((sum, l) => sum + l.discount, 0) + s.delivery.discount, where).toBe(q.discount);
    }
    // 300 orders written and issued one after another: 8 s on a quiet machine, 16 s at a load of 20, so
    // its bound on a hang is its own (the suite's 15 s is for a test of a few requests).
  }, 60_000);
});

describe("an issued invoice", () => {
  it("keeps its lines, prices and seller when the product is renamed, repriced and the seller changed", async () => {
    const { q } = randomBag(11);
    const order = await orderFromQuote(q, { names: q.lines.map((_, i) => `Rosewood balm ${i}`) });
    await issue(order.id);
    const [before] = await documentsOf(order.id);
    await env.DB.prepare(
      "UPDATE order_lines SET name = 'Renamed balm', unit_price = unit_price * 2 WHERE order_id = ?1",
    )
      .bind(order.id)
      .run();
    await setSeller({ ...SELLER, legalNameEn: "Another Name LLC", trn: "100999999900003" });
    try {
      const [after] = await documentsOf(order.id);
      expect(after).toEqual(before);
      expect(after!.snapshot.lines[0]!.name).toBe("Rosewood balm 0");
      expect(after!.snapshot.seller.legalNameEn).toBe(SELLER.legalNameEn);
      // Nor can anything change it: the table refuses an update and a delete.
      await expect(
        env.DB.prepare("UPDATE invoices SET snapshot = '{}' WHERE order_id = ?1").bind(order.id).run(),
      ).rejects.toThrow(/never changes/);
      await expect(env.DB.prepare("DELETE FROM invoices WHERE order_id = ?1").bind(order.id).run()).rejects.toThrow(
        /is kept/,
      );
    } finally {
      await setSeller();
    }
  });
});

describe("statuses on the desk", () => {
  it("issues a cash order's invoice when it is delivered, and a credit note naming it when it is cancelled after", async () => {
    const order = await orderFromQuote(randomBag(12).q, { status: "shipped", payment: "cash" });
    const shipped = (await findOrderByNumber(env.DB, order.number))!;
    expect(
      await changeOrder(env.DB, {
        order: shipped,
        seenVersion: shipped.version,
        actor: ACTOR,
        action: "deliver",
        to: "completed",
      }),
    ).toBe(true);
    const [invoice] = await documentsOf(order.id);
    expect(invoice!.kind).toBe("invoice");
    // A delivered order cannot be cancelled on the desk; a paid one can: a card order's path.
    const card = await orderFromQuote(randomBag(13).q, {
      status: "awaiting_payment",
      reference: `cs_cn_${crypto.randomUUID()}`,
    });
    const ref = (await env.DB.prepare("SELECT payment_reference AS r FROM orders WHERE id = ?1")
      .bind(card.id)
      .first<{ r: string }>())!.r;
    await markPaid(env.DB, `evt_cn_${card.id}`, ref);
    const paid = (await findOrderByNumber(env.DB, card.number))!;
    const credits = await counter("credit_note");
    expect(
      await changeOrder(env.DB, {
        order: paid,
        seenVersion: paid.version,
        actor: ACTOR,
        action: "cancel",
        to: "cancelled",
        note: "Out of stock at the warehouse",
      }),
    ).toBe(true);
    const docs = await documentsOf(card.id);
    expect(docs.map((d) => d.kind)).toEqual(["invoice", "credit_note"]);
    const credit = docs[1]!;
    expect(credit.number).toBe(credits + 1);
    expect(credit.snapshot.refersTo?.number).toBe(docs[0]!.number);
    expect(credit.snapshot.reason).toBe("Out of stock at the warehouse");
    expect(credit.snapshot.total).toBe(docs[0]!.snapshot.total);
  });

  it("issues no credit note for a cancel before the invoice, and no invoice for a cash order only confirmed", async () => {
    const order = await orderFromQuote(randomBag(14).q, { status: "new", payment: "cash" });
    const fresh = (await findOrderByNumber(env.DB, order.number))!;
    await changeOrder(env.DB, {
      order: fresh,
      seenVersion: fresh.version,
      actor: ACTOR,
      action: "confirm",
      to: "processing",
    });
    expect(await documentsOf(order.id)).toEqual([]);
    const confirmed = (await findOrderByNumber(env.DB, order.number))!;
    const credits = await counter("credit_note");
    await changeOrder(env.DB, {
      order: confirmed,
      seenVersion: confirmed.version,
      actor: ACTOR,
      action: "cancel",
      to: "cancelled",
      note: "Asked to cancel",
    });
    expect(await documentsOf(order.id)).toEqual([]);
    expect(await counter("credit_note")).toBe(credits);
  });
});
