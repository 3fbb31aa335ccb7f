import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SWEEP_MARGIN_MINUTES, sweepExpiredCardOrders } from "../../worker/platform/payments/card-holds";
import { CARD_SESSION_MINUTES } from "../../worker/platform/payments/payment-provider";
import { runPaymentTasks } from "../../worker/platform/payments/payment-tasks";
import { appRequest } from "./support/app-request";
import {
  deskMoves,
  fakeInstalmentsEachTest,
  instalmentEnv,
  onHand,
  placeInstalmentOrder,
  statusOf,
  tasksOf,
} from "./support/instalment-orders";

/**
 * Paying in four with Tabby (decision 0119), against a local Tabby: the shopper is sent to its page
 * with the order's stock held; a notification counts only for what Tabby's API says of the payment;
 * the desk's shipping captures it (retried until Tabby says yes), its cancel gives it back.
 */
const fake = fakeInstalmentsEachTest();

async function notify(body: unknown) {
  const res = await appRequest(
    "https://shop.example/api/payments/tabby/webhook",
    { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } },
    instalmentEnv,
  );
  return { status: res.status, body: (await res.json()) as { received?: boolean; handled?: boolean } };
}

async function eventsOf(number: string) {
  const { results } = await env.DB.prepare(
    "SELECT e.event_id, e.kind FROM payment_events e JOIN orders o ON o.id = e.order_id WHERE o.number = ?1",
  )
    .bind(number)
    .all<{ event_id: string; kind: string }>();
  return results;
}

describe("a Tabby order placed through the checkout", () => {
  it("sends the shopper to Tabby's page with the order's total, its stock held meanwhile", async () => {
    const { number, sku, location } = await placeInstalmentOrder("tabby", 2);
    const payment = fake.forOrder(number)!;
    expect(location).toBe(`https://pay.fake/tabby/${payment.id}`);
    const order = (await env.DB.prepare("SELECT status, total, payment_reference FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ status: string; total: number; payment_reference: string }>())!;
    expect(order).toEqual({ status: "awaiting_payment", total: payment.amount, payment_reference: payment.id });
    expect(payment.sent).toMatchObject({ lang: "en", payment: { currency: "AED", order: { reference_id: number } } });
    expect(payment.urls.success).toBe(`https://shop.example/cart/order/${number}?paid=1`);
    expect(await onHand(sku)).toBe(3);
  });

  it("refuses a notification for a payment Tabby does not know, and one without a payment id", async () => {
    expect((await notify({ id: crypto.randomUUID(), status: "authorized" })).status).toBe(400);
    expect((await notify({ status: "authorized" })).status).toBe(400);
    expect((await notify({ id: "../../admin", status: "authorized" })).status).toBe(400);
  });

  it("trusts Tabby's API, not the notification: 'authorized' for a payment still open changes nothing", async () => {
    const { number, sku } = await placeInstalmentOrder("tabby");
    const forged = await notify({ id: fake.forOrder(number)!.id, status: "authorized" });
    expect(forged).toEqual({ status: 200, body: { received: true, handled: false } });
    expect(await statusOf(number)).toBe("awaiting_payment");
    expect(await onHand(sku)).toBe(3);
  });

  it("marks the order paid once Tabby has authorised the payment, however often it is told", async () => {
    const { number, sku } = await placeInstalmentOrder("tabby");
    const { id } = fake.forOrder(number)!;
    fake.decide(id, "AUTHORIZED");
    expect((await notify({ id, status: "authorized" })).body.handled).toBe(true);
    expect(await statusOf(number)).toBe("paid");
    expect((await notify({ id, status: "authorized" })).body.handled).toBe(false);
    expect(await eventsOf(number)).toEqual([{ event_id: `tabby:${id}:authorized`, kind: "paid" }]);
    // Paid keeps the stock taken: nothing comes back, nothing is taken twice.
    expect(await onHand(sku)).toBe(3);
  });

  it("cancels the order and gives its stock back, once, when the shopper cancels or Tabby rejects", async () => {
    const cancelled = await placeInstalmentOrder("tabby");
    const rejected = await placeInstalmentOrder("tabby", 1);
    fake.decide(fake.forOrder(cancelled.number)!.id, "EXPIRED");
    fake.decide(fake.forOrder(rejected.number)!.id, "REJECTED");
    expect((await notify({ id: fake.forOrder(cancelled.number)!.id, status: "expired" })).body.handled).toBe(true);
    expect((await notify({ id: fake.forOrder(rejected.number)!.id, status: "rejected" })).body.handled).toBe(true);
    expect(await statusOf(cancelled.number)).toBe("cancelled");
    expect(await statusOf(rejected.number)).toBe("cancelled");
    expect(await onHand(cancelled.sku)).toBe(5);
    expect(await onHand(rejected.sku)).toBe(5);
    expect((await notify({ id: fake.forOrder(cancelled.number)!.id, status: "expired" })).body.handled).toBe(false);
    expect(await onHand(cancelled.sku)).toBe(5);
  });
});

describe("a Tabby order nobody hears of again", () => {
  it("is released by the cron's sweep like a card order, its stock given back", async () => {
    const { number, sku } = await placeInstalmentOrder("tabby");
    expect(await onHand(sku)).toBe(3);
    const soon = Date.now() + (CARD_SESSION_MINUTES + SWEEP_MARGIN_MINUTES - 5) * 60_000;
    await sweepExpiredCardOrders(instalmentEnv, soon);
    expect(await statusOf(number)).toBe("awaiting_payment");
    const later = Date.now() + (CARD_SESSION_MINUTES + SWEEP_MARGIN_MINUTES + 1) * 60_000;
    expect(await sweepExpiredCardOrders(instalmentEnv, later)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(number)).toBe("cancelled");
    expect(await onHand(sku)).toBe(5);
  });
});

describe("settling a Tabby payment from the desk", () => {
  async function paidOrder() {
    const placed = await placeInstalmentOrder("tabby");
    const { id } = fake.forOrder(placed.number)!;
    fake.decide(id, "AUTHORIZED");
    expect((await notify({ id, status: "authorized" })).body.handled).toBe(true);
    return { ...placed, id };
  }

  it("captures when the order is marked shipped, trying again later until Tabby says yes", async () => {
    const { number, id } = await paidOrder();
    await deskMoves(number, { action: "confirm", to: "processing" }, { action: "ship", to: "shipped" });
    expect((await tasksOf(number)).map((t) => t.kind)).toEqual(["capture"]);
    fake.failNext.capture = 2;
    const start = Date.now() + 1000;
    expect(await runPaymentTasks(instalmentEnv, start)).toBe(0);
    expect((await tasksOf(number))[0]).toMatchObject({ attempts: 1, done_at: null, last_error: "Tabby answered 503" });
    // Not due again for five minutes: a run in between does not call Tabby.
    const calls = fake.callsTo(/captures$/).length;
    expect(await runPaymentTasks(instalmentEnv, start + 4 * 60_000)).toBe(0);
    expect(fake.callsTo(/captures$/).length).toBe(calls);
    expect(await runPaymentTasks(instalmentEnv, start + 5 * 60_000)).toBe(0);
    expect((await tasksOf(number))[0]!.attempts).toBe(2);
    // Then ten minutes.
    expect(await runPaymentTasks(instalmentEnv, start + 15 * 60_000)).toBe(1);
    const payment = fake.payments.get(id)!;
    expect(payment.captures).toEqual([
      { amount: (payment.amount / 100).toFixed(2), reference_id: `capture-${number}` },
    ]);
    expect((await tasksOf(number))[0]!.done_at).not.toBeNull();
    expect(await runPaymentTasks(instalmentEnv, start + 60 * 60_000)).toBe(0);
    expect(fake.callsTo(/captures$/).length).toBe(calls + 2);
  });

  it("lets the authorisation go when the desk cancels a paid order, and gives the stock back", async () => {
    const { number, id, sku } = await paidOrder();
    await deskMoves(number, { action: "cancel", to: "cancelled" });
    expect(await onHand(sku)).toBe(5);
    expect((await tasksOf(number)).map((t) => t.kind)).toEqual(["refund"]);
    fake.failNext.refund = 1;
    expect(await runPaymentTasks(instalmentEnv, Date.now() + 1000)).toBe(0);
    expect(await runPaymentTasks(instalmentEnv, Date.now() + 6 * 60_000)).toBe(1);
    expect(fake.payments.get(id)!.closed).toBe(true);
  });

  it("asks Tabby for nothing when the desk cancels an order that was never authorised", async () => {
    const { number, sku } = await placeInstalmentOrder("tabby");
    await deskMoves(number, { action: "cancel", to: "cancelled" });
    expect(await onHand(sku)).toBe(5);
    expect(await tasksOf(number)).toEqual([]);
  });
});
