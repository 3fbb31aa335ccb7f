import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import { STOCK_VERSION_KEY } from "../../worker/platform/caches/versions";
import { changeOrder } from "../../worker/platform/orders/order-desk-store";
import { findOrderByNumber } from "../../worker/platform/orders/order-store";
import { SWEEP_MARGIN_MINUTES, sweepExpiredCardOrders } from "../../worker/platform/payments/card-holds";
import { CARD_SESSION_MINUTES, sessionExpiresAt } from "../../worker/platform/payments/payment-provider";
import { stripeCheckout } from "../../worker/platform/payments/stripe-checkout";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { countedSku, linesOfOrder, onHand, orderHolding } from "./support/held-order";
import { customer } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";
import { stripeSignature } from "./support/stripe-signature";

/**
 * A card order holds its stock while the provider's page is open and gives it back, exactly once,
 * when the payment expires or fails (the webhook, or the cron's sweep when no webhook comes); a
 * cancel on the staff desk gives stock back too (decision 0078).
 */
const WEBHOOK_SECRET = "whsec_holds_0123456789";
const cardEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_holds", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function webhook(type: string, eventId: string, sessionId: string, paymentStatus = "unpaid") {
  const body = JSON.stringify({
    id: eventId,
    object: "event",
    type,
    data: { object: { id: sessionId, object: "checkout.session", payment_status: paymentStatus } },
  });
  const signature = await stripeSignature(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000));
  const res = await appRequest(
    "https://shop.example/api/payments/webhook",
    { method: "POST", body, headers: { "Stripe-Signature": signature, "Content-Type": "application/json" } },
    cardEnv,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { received: boolean; handled: boolean };
}

async function orderRow(number: string) {
  return (await env.DB.prepare("SELECT id, status, version FROM orders WHERE number = ?1")
    .bind(number)
    .first<{ id: number; status: string; version: number }>())!;
}

async function statusEvents(number: string) {
  const { results } = await env.DB.prepare(
    `SELECT e.kind, e.from_status, e.to_status, e.note, e.actor_id FROM order_events e JOIN orders o ON o.id = e.order_id
     WHERE o.number = ?1 ORDER BY e.id`,
  )
    .bind(number)
    .all<{
      kind: string;
      from_status: string | null;
      to_status: string | null;
      note: string;
      actor_id: number | null;
    }>();
  return results;
}

async function outboxTo(recipient: string) {
  const { results } = await env.DB.prepare(
    "SELECT subject, body_text, kind FROM outbox WHERE recipient = ?1 ORDER BY id",
  )
    .bind(recipient)
    .all<{ subject: string; body_text: string; kind: string }>();
  return results;
}

describe("the Stripe adapter", () => {
  it("reads an expired session and a failed delayed payment, and ignores an expired session that was paid", async () => {
    const provider = stripeCheckout({ secretKey: "sk", webhookSecret: WEBHOOK_SECRET, apiBase: "https://stripe.fake" });
    const parse = async (type: string, paymentStatus: string) => {
      const body = JSON.stringify({
        id: "evt_x",
        type,
        data: { object: { id: "cs_x", payment_status: paymentStatus } },
      });
      return provider.parseWebhook(
        body,
        new Headers({ "stripe-signature": await stripeSignature(WEBHOOK_SECRET, body) }),
      );
    };
    expect(await parse("checkout.session.expired", "unpaid")).toEqual({
      kind: "expired",
      eventId: "evt_x",
      reference: "cs_x",
    });
    expect(await parse("checkout.session.async_payment_failed", "unpaid")).toEqual({
      kind: "failed",
      eventId: "evt_x",
      reference: "cs_x",
    });
    expect(await parse("checkout.session.expired", "paid")).toEqual({ kind: "ignored", eventId: "evt_x" });
    expect(await parse("checkout.session.completed", "unpaid")).toEqual({ kind: "ignored", eventId: "evt_x" });
  });

  it("creates the session with the order's expiry, the same on a retried request", async () => {
    const provider = stripeCheckout({ secretKey: "sk", webhookSecret: WEBHOOK_SECRET, apiBase: "https://stripe.fake" });
    const sent: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      sent.push(new URLSearchParams(await new Request(input, init).text()));
      return Response.json({ id: "cs_test_exp", url: "https://checkout.stripe.fake/cs_test_exp" });
    });
    const createdAt = "2026-11-25T10:00:00.000Z";
    const request = {
      orderNumber: "NB-2611-AAAAAA",
      email: "noor@example.ae",
      amount: 9900,
      lines: [{ name: "Lipstick — Rosewood", unitAmount: 9900, quantity: 1 }],
      successUrl: "https://shop.example/ok",
      cancelUrl: "https://shop.example/no",
      expiresAt: sessionExpiresAt(createdAt),
    };
    await provider.createCheckoutSession(request);
    await provider.createCheckoutSession(request);
    const expected = String(Date.parse(createdAt) / 1000 + CARD_SESSION_MINUTES * 60);
    expect(sent.map((form) => form.get("expires_at"))).toEqual([expected, expected]);
    // Stripe takes 30 minutes to 24 hours.
    expect(CARD_SESSION_MINUTES).toBeGreaterThanOrEqual(30);
    expect(CARD_SESSION_MINUTES).toBeLessThanOrEqual(60);
  });
});

describe("a card order's stock hold", () => {
  it("is given back once when the session expires: the order is cancelled with its reason and the shopper told", async () => {
    const sku = await countedSku(5);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const email = `${crypto.randomUUID().slice(0, 8)}@example.ae`;
    const { number } = await orderHolding([{ sku, quantity: 2 }], { reference, email });
    expect(await onHand(sku)).toBe(3);
    const stockVersion = await env.CMS_CACHE.get(STOCK_VERSION_KEY);

    expect(await webhook("checkout.session.expired", `evt_${crypto.randomUUID()}`, reference)).toEqual({
      received: true,
      handled: true,
    });
    expect((await orderRow(number)).status).toBe("cancelled");
    expect(await onHand(sku)).toBe(5);
    expect(await linesOfOrder(number)).toEqual([{ sku, quantity: 2, stock_taken: 0, stock_returned: 2 }]);
    expect(await statusEvents(number)).toEqual([
      {
        kind: "status",
        from_status: "awaiting_payment",
        to_status: "cancelled",
        note: "Card payment expired",
        actor_id: null,
      },
    ]);
    const mails = await outboxTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain("not completed in time");
    // 3 left → 5: "Only 3 left" no longer shows, so kept pages move on.
    expect(await env.CMS_CACHE.get(STOCK_VERSION_KEY)).not.toBe(stockVersion);
  });

  it("gives nothing twice: the same event replayed, a failure after the expiry, the sweep after both", async () => {
    const sku = await countedSku(4);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 3 }], { reference });
    const eventId = `evt_${crypto.randomUUID()}`;
    expect((await webhook("checkout.session.expired", eventId, reference)).handled).toBe(true);
    expect(await onHand(sku)).toBe(4);
    const version = (await orderRow(number)).version;
    expect((await webhook("checkout.session.expired", eventId, reference)).handled).toBe(false);
    expect(
      (await webhook("checkout.session.async_payment_failed", `evt_${crypto.randomUUID()}`, reference)).handled,
    ).toBe(false);
    expect(await onHand(sku)).toBe(4);
    expect((await orderRow(number)).version).toBe(version);
    expect(await statusEvents(number)).toHaveLength(1);
  });

  it("is given back when a delayed payment fails, with that reason", async () => {
    const sku = await countedSku(2);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 2 }], { reference });
    expect(await onHand(sku)).toBe(0);
    const before = await env.CMS_CACHE.get(STOCK_VERSION_KEY);
    expect(
      (await webhook("checkout.session.async_payment_failed", `evt_${crypto.randomUUID()}`, reference)).handled,
    ).toBe(true);
    expect(await onHand(sku)).toBe(2);
    expect((await statusEvents(number))[0]!.note).toBe("Card payment failed");
    // Sold out → back: the stock version moved on (the back-in-stock hook's call site).
    expect(await env.CMS_CACHE.get(STOCK_VERSION_KEY)).not.toBe(before);
  });

  it("leaves a paid order alone when its session later says expired", async () => {
    const sku = await countedSku(3);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 1 }], { reference });
    expect((await webhook("checkout.session.completed", `evt_${crypto.randomUUID()}`, reference, "paid")).handled).toBe(
      true,
    );
    expect((await webhook("checkout.session.expired", `evt_${crypto.randomUUID()}`, reference)).handled).toBe(false);
    expect((await orderRow(number)).status).toBe("paid");
    expect(await onHand(sku)).toBe(2);
  });
});

describe("a card order placed through the checkout", () => {
  it("holds its shade's stock while the provider's page is open, and gives it back once when the session expires", async () => {
    const shade = (await env.DB.prepare(
      `SELECT p.slug, v.sku FROM cms_product_variants v JOIN cms_products p ON p.id = v.product_id
       WHERE v.kind = 'shade' AND v.availability IS NULL AND p.availability = 'in_stock' ORDER BY v.id DESC LIMIT 1`,
    ).first<{ slug: string; sku: string }>())!;
    await env.DB.prepare(
      `INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, ?2, 4)
       ON CONFLICT (sku) DO UPDATE SET on_hand = 4`,
    )
      .bind(shade.sku, shade.slug)
      .run();
    const shopper = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, cardEnv));
    const added = await shopper.post(
      "/cart/add",
      { slug: shade.slug, variant: shade.sku, quantity: "3" },
      { from: null },
    );
    expect(added.status).toBe(303);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const sessions: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      expect(request.url).toBe("https://api.stripe.com/v1/checkout/sessions");
      sessions.push(new URLSearchParams(await request.text()));
      return Response.json({ id: reference, url: `https://checkout.stripe.fake/${reference}` });
    });
    const placed = await shopper.post(
      "/cart/order",
      { idempotencyKey: crypto.randomUUID(), ...customer, payment: "online" },
      { from: null },
    );
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toBe(`https://checkout.stripe.fake/${reference}`);
    const number = sessions[0]!.get("client_reference_id")!;
    const created = (await env.DB.prepare("SELECT created_at FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ created_at: string }>())!.created_at;
    expect(sessions[0]!.get("expires_at")).toBe(String(sessionExpiresAt(created)));
    expect((await orderRow(number)).status).toBe("awaiting_payment");
    expect(await onHand(shade.sku)).toBe(1);
    vi.restoreAllMocks();

    const eventId = `evt_${crypto.randomUUID()}`;
    expect((await webhook("checkout.session.expired", eventId, reference)).handled).toBe(true);
    expect((await orderRow(number)).status).toBe("cancelled");
    expect(await onHand(shade.sku)).toBe(4);
    expect(await linesOfOrder(number)).toEqual([{ sku: shade.sku, quantity: 3, stock_taken: 0, stock_returned: 3 }]);
    expect((await webhook("checkout.session.expired", eventId, reference)).handled).toBe(false);
    expect(await onHand(shade.sku)).toBe(4);
  });
});

describe("a payment that arrives after the hold ended", () => {
  it("marks the order paid again when its stock can be taken again, and takes it", async () => {
    const sku = await countedSku(3);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 2 }], { reference });
    await webhook("checkout.session.expired", `evt_${crypto.randomUUID()}`, reference);
    expect(await onHand(sku)).toBe(3);
    const paid = `evt_${crypto.randomUUID()}`;
    expect(await webhook("checkout.session.completed", paid, reference, "paid")).toEqual({
      received: true,
      handled: true,
    });
    expect((await orderRow(number)).status).toBe("paid");
    expect(await onHand(sku)).toBe(1);
    expect(await linesOfOrder(number)).toEqual([{ sku, quantity: 2, stock_taken: 2, stock_returned: 2 }]);
    expect((await statusEvents(number)).map((e) => e.to_status)).toEqual(["cancelled", "paid"]);
    // The provider retries: nothing is taken twice.
    expect((await webhook("checkout.session.completed", paid, reference, "paid")).handled).toBe(false);
    expect(await onHand(sku)).toBe(1);
  });

  it("leaves the order cancelled when its stock was sold meanwhile, and asks staff to refund, once", async () => {
    const sku = await countedSku(2);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 2 }], { reference });
    await webhook("checkout.session.expired", `evt_${crypto.randomUUID()}`, reference);
    // Another shopper buys one of the two given back.
    await orderHolding([{ sku, quantity: 1 }], { status: "new" });
    expect(await onHand(sku)).toBe(1);
    const staffMailsBefore = (await outboxTo("orders@noorbeauty.ae")).length;
    const paid = `evt_${crypto.randomUUID()}`;
    expect((await webhook("checkout.session.completed", paid, reference, "paid")).handled).toBe(false);
    expect((await orderRow(number)).status).toBe("cancelled");
    expect(await onHand(sku)).toBe(1);
    expect(await linesOfOrder(number)).toEqual([{ sku, quantity: 2, stock_taken: 0, stock_returned: 2 }]);
    const staffMails = (await outboxTo("orders@noorbeauty.ae")).slice(staffMailsBefore);
    expect(staffMails).toHaveLength(1);
    expect(staffMails[0]!.subject).toBe(`Refund needed: order ${number} was paid after it was cancelled`);
    const notes = (await statusEvents(number)).filter((e) => e.kind === "note");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.note).toContain(paid);
    // A retried event asks nothing twice, even once stock is back.
    await env.DB.prepare("UPDATE stock_levels SET on_hand = 10 WHERE sku = ?1").bind(sku).run();
    await webhook("checkout.session.completed", paid, reference, "paid");
    expect((await orderRow(number)).status).toBe("cancelled");
    expect((await outboxTo("orders@noorbeauty.ae")).length).toBe(staffMailsBefore + 1);
  });

  it("never revives an order a staff member cancelled", async () => {
    const sku = await countedSku(6);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 1 }], { reference });
    const { browser } = await signedIn("staff");
    const { version } = await orderRow(number);
    const cancelled = await browser.post(
      `/staff/orders/${number}`,
      { action: "cancel", confirmed: "yes", version: String(version), reason: "The customer called to cancel" },
      { from: null },
    );
    expect(cancelled.status).toBe(303);
    expect(await onHand(sku)).toBe(6);
    expect((await webhook("checkout.session.completed", `evt_${crypto.randomUUID()}`, reference, "paid")).handled).toBe(
      false,
    );
    expect((await orderRow(number)).status).toBe("cancelled");
    expect(await onHand(sku)).toBe(6);
  });
});

describe("a cancel on the staff desk", () => {
  it("gives the order's stock back in the cancel's batch, shows it per line, and nothing more on a second cancel", async () => {
    const kept = await countedSku(10);
    const uncounted = `UNCOUNTED-${crypto.randomUUID().slice(0, 8)}`;
    const { number } = await orderHolding(
      [
        { sku: kept, quantity: 3 },
        { sku: uncounted, quantity: 1 },
      ],
      { status: "new" },
    );
    expect(await onHand(kept)).toBe(7);
    const { browser } = await signedIn("staff");
    const before = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(before).toContain("3 taken from stock");
    const { version } = await orderRow(number);
    const res = await browser.post(
      `/staff/orders/${number}`,
      { action: "cancel", confirmed: "yes", version: String(version), reason: "Out of stock at the warehouse" },
      { from: null },
    );
    expect(res.status).toBe(303);
    expect(await onHand(kept)).toBe(10);
    expect(await onHand(uncounted)).toBeNull();
    expect(await linesOfOrder(number)).toEqual([
      { sku: kept, quantity: 3, stock_taken: 0, stock_returned: 3 },
      { sku: uncounted, quantity: 1, stock_taken: 0, stock_returned: 0 },
    ]);
    const page = await (await browser.get(`/staff/orders/${number}`)).text();
    expect(page).toContain("3 units went back to stock.");
    expect(page).toContain("3 back to stock");

    const again = await browser.post(
      `/staff/orders/${number}`,
      { action: "cancel", confirmed: "yes", version: String(version + 1), reason: "Again" },
      { from: null },
    );
    expect(again.status).toBe(422);
    expect(await onHand(kept)).toBe(10);
  });

  it("gives nothing back when the cancel loses to a change made meanwhile", async () => {
    const sku = await countedSku(8);
    const { number } = await orderHolding([{ sku, quantity: 2 }], { status: "new" });
    const seen = (await findOrderByNumber(env.DB, number))!;
    // Someone confirmed it meanwhile: the cancel made from the older copy must write nothing.
    await env.DB.prepare("UPDATE orders SET status = 'processing', version = version + 1 WHERE id = ?1")
      .bind(seen.id)
      .run();
    const saved = await changeOrder(env.DB, {
      order: seen,
      seenVersion: seen.version,
      actor: { id: 1, name: "Staff" },
      action: "cancel",
      to: "cancelled",
      note: "Too late",
    });
    expect(saved).toBe(false);
    expect(await onHand(sku)).toBe(6);
    expect(await linesOfOrder(number)).toEqual([{ sku, quantity: 2, stock_taken: 2, stock_returned: 0 }]);
  });
});

describe("the sweep of expired card sessions", () => {
  it("leaves an order alone before its session's expiry and margin, releases it after, once", async () => {
    const sku = await countedSku(5);
    const reference = `cs_test_${crypto.randomUUID()}`;
    const { number } = await orderHolding([{ sku, quantity: 5 }], { reference });
    const created = Date.parse(
      (await env.DB.prepare("SELECT created_at FROM orders WHERE number = ?1")
        .bind(number)
        .first<{ created_at: string }>())!.created_at,
    );
    const expiry = created + (CARD_SESSION_MINUTES + SWEEP_MARGIN_MINUTES) * 60_000;
    // The controlled clock: a second before the sweep may take it, then a second after.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(expiry / 1000) * 1000 - 1000);
    await sweepExpiredCardOrders(env);
    expect((await orderRow(number)).status).toBe("awaiting_payment");
    expect(await onHand(sku)).toBe(0);

    vi.setSystemTime(Math.ceil(expiry / 1000) * 1000 + 1000);
    expect(await sweepExpiredCardOrders(env)).toBeGreaterThanOrEqual(1);
    expect((await orderRow(number)).status).toBe("cancelled");
    expect(await onHand(sku)).toBe(5);
    expect((await statusEvents(number))[0]!.note).toBe("Card payment expired");
    await sweepExpiredCardOrders(env);
    expect(await onHand(sku)).toBe(5);
    expect(await statusEvents(number)).toHaveLength(1);
  });

  it("runs from the cron trigger, and leaves an order whose card session never started to staff", async () => {
    const sku = await countedSku(4);
    const { number } = await orderHolding([{ sku, quantity: 1 }], { reference: `cs_test_${crypto.randomUUID()}` });
    const noSession = await orderHolding([{ sku, quantity: 1 }]);
    await env.DB.prepare(
      "UPDATE orders SET created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-2 hours') WHERE number IN (?1, ?2)",
    )
      .bind(number, noSession.number)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled({ cron: "*/5 * * * *", scheduledTime: Date.now(), noRetry() {} }, env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await orderRow(number)).status).toBe("cancelled");
    expect((await orderRow(noSession.number)).status).toBe("awaiting_payment");
    expect(await onHand(sku)).toBe(3);
  });
});
