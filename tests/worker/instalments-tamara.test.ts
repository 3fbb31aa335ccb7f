import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runPaymentTasks } from "../../worker/platform/payments/payment-tasks";
import { appRequest } from "./support/app-request";
import { FAKE_KEYS, tamaraToken } from "./support/fake-instalments";
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
 * Paying in four with Tamara (decision 0119), against a local Tamara: a notification counts only
 * with a token signed by the merchant's notification token; approved, the order is authorised with
 * Tamara before it is paid; the desk's shipping captures it (retried), its cancel gives it back.
 */
const fake = fakeInstalmentsEachTest();

async function notify(orderId: string, eventType: string, token: string | null, where: "query" | "header" = "query") {
  const query = token && where === "query" ? `?tamaraToken=${encodeURIComponent(token)}` : "";
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token && where === "header") headers.Authorization = `Bearer ${token}`;
  const res = await appRequest(
    `https://shop.example/api/payments/tamara/webhook${query}`,
    {
      method: "POST",
      body: JSON.stringify({ order_id: orderId, order_reference_id: "x", event_type: eventType, data: {} }),
      headers,
    },
    instalmentEnv,
  );
  return { status: res.status, body: (await res.json()) as { received?: boolean; handled?: boolean } };
}

const signed = () => tamaraToken(FAKE_KEYS.TAMARA_NOTIFICATION_TOKEN);

describe("a Tamara order placed through the checkout", () => {
  it("sends the shopper to Tamara's page with the order and a notification address, its stock held", async () => {
    const { number, sku, location } = await placeInstalmentOrder("tamara", 2);
    const payment = fake.forOrder(number)!;
    expect(location).toBe(`https://pay.fake/tamara/${payment.id}`);
    expect(payment.urls.notification).toBe("https://shop.example/api/payments/tamara/webhook");
    expect(payment.sent).toMatchObject({ country_code: "AE", payment_type: "PAY_BY_INSTALMENTS", locale: "en_US" });
    const order = (await env.DB.prepare("SELECT status, total FROM orders WHERE number = ?1")
      .bind(number)
      .first<{ status: string; total: number }>())!;
    expect(order).toEqual({ status: "awaiting_payment", total: payment.amount });
    expect(await onHand(sku)).toBe(3);
  });

  it("refuses a notification without a token, with a forged token, or with an expired one", async () => {
    const { number } = await placeInstalmentOrder("tamara");
    const { id } = fake.forOrder(number)!;
    fake.decide(id, "approved");
    expect((await notify(id, "order_approved", null)).status).toBe(400);
    expect((await notify(id, "order_approved", await tamaraToken("someone-elses-secret"))).status).toBe(400);
    const old = await tamaraToken(FAKE_KEYS.TAMARA_NOTIFICATION_TOKEN, Math.floor(Date.now() / 1000) - 7200);
    expect((await notify(id, "order_approved", old)).status).toBe(400);
    expect(await statusOf(number)).toBe("awaiting_payment");
    expect(fake.callsTo(/authorise$/)).toEqual([]);
  });

  it("authorises an approved order with Tamara, then marks it paid, once however often it is told", async () => {
    const { number, sku } = await placeInstalmentOrder("tamara");
    const { id } = fake.forOrder(number)!;
    fake.decide(id, "approved");
    expect((await notify(id, "order_approved", await signed())).body.handled).toBe(true);
    expect(fake.payments.get(id)!.status).toBe("authorised");
    expect(await statusOf(number)).toBe("paid");
    // The token in the Authorization header proves it as well as the query's.
    expect(await notify(id, "order_approved", await signed(), "header")).toEqual({
      status: 200,
      body: { received: true, handled: false },
    });
    expect(fake.callsTo(/authorise$/)).toHaveLength(1);
    expect(await onHand(sku)).toBe(3);
  });

  it("keeps the order awaiting payment when Tamara cannot authorise it yet, so its next notification pays it", async () => {
    const { number } = await placeInstalmentOrder("tamara");
    const { id } = fake.forOrder(number)!;
    fake.decide(id, "approved");
    fake.failNext.authorise = 1;
    expect((await notify(id, "order_approved", await signed())).status).toBe(503);
    expect(await statusOf(number)).toBe("awaiting_payment");
    expect((await notify(id, "order_approved", await signed())).body.handled).toBe(true);
    expect(await statusOf(number)).toBe("paid");
  });

  it("cancels the order and gives its stock back when Tamara declines, expires or cancels it", async () => {
    for (const event of ["order_declined", "order_expired", "order_canceled"]) {
      const { number, sku } = await placeInstalmentOrder("tamara", 2);
      const { id } = fake.forOrder(number)!;
      expect(await onHand(sku)).toBe(3);
      expect((await notify(id, event, await signed())).body.handled).toBe(true);
      expect(await statusOf(number)).toBe("cancelled");
      expect(await onHand(sku)).toBe(5);
      expect((await notify(id, event, await signed())).body.handled).toBe(false);
      expect(await onHand(sku)).toBe(5);
    }
  });

  it("answers an order Tamara names that the shop does not have without changing anything", async () => {
    expect((await notify(crypto.randomUUID(), "order_approved", await signed())).body).toEqual({
      received: true,
      handled: false,
    });
    expect(fake.callsTo(/authorise$/)).toEqual([]);
  });
});

describe("settling a Tamara payment from the desk", () => {
  async function paidOrder() {
    const placed = await placeInstalmentOrder("tamara");
    const { id } = fake.forOrder(placed.number)!;
    fake.decide(id, "approved");
    expect((await notify(id, "order_approved", await signed())).body.handled).toBe(true);
    return { ...placed, id };
  }

  it("captures with the carrier and tracking number when shipped, retried until Tamara says yes", async () => {
    const { number, id } = await paidOrder();
    await deskMoves(number, { action: "confirm", to: "processing" }, { action: "ship", to: "shipped" });
    fake.failNext.capture = 1;
    const start = Date.now() + 1000;
    expect(await runPaymentTasks(instalmentEnv, start)).toBe(0);
    expect((await tasksOf(number))[0]).toMatchObject({ kind: "capture", attempts: 1, done_at: null });
    expect(await runPaymentTasks(instalmentEnv, start + 5 * 60_000)).toBe(1);
    const payment = fake.payments.get(id)!;
    expect(payment.status).toBe("fully_captured");
    expect(payment.captures).toEqual([
      expect.objectContaining({
        order_id: id,
        total_amount: { amount: payment.amount / 100, currency: "AED" },
        shipping_info: expect.objectContaining({ shipping_company: "Aramex", tracking_number: "AX123456" }),
      }),
    ]);
  });

  it("cancels the authorised order at Tamara when the desk cancels it", async () => {
    const { number, id, sku } = await paidOrder();
    await deskMoves(number, { action: "cancel", to: "cancelled" });
    expect(await onHand(sku)).toBe(5);
    expect(await runPaymentTasks(instalmentEnv, Date.now() + 1000)).toBe(1);
    expect(fake.payments.get(id)!.status).toBe("canceled");
    expect(fake.callsTo(/simplified-refund/)).toEqual([]);
  });
});
