import { env } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { plainTotals } from "../../shared/promotions/quote";
import type { AppEnv } from "../../worker/platform/app-env";
import {
  findOrderByNumber,
  insertOrderStatements,
  newOrderNumber,
  setPaymentReference,
} from "../../worker/platform/orders/order-store";
import { paymentWebhook } from "../../worker/screens/cart/payment-webhook";
import { stripeSignature } from "./support/stripe-signature";

const WEBHOOK_SECRET = "whsec_test_0123456789";
const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };
const app = new Hono<AppEnv>().route("/api/payments", paymentWebhook);

async function createAwaitingOrder(reference: string) {
  const number = newOrderNumber();
  const input = {
    firstName: "Noor",
    lastName: "Haddad",
    email: "noor@example.ae",
    phone: "0501234567",
    delivery: "pickup" as const,
    address: "",
    city: "",
    region: "",
    postcode: "",
    notes: "",
    payment: "online" as const,
    consent: true,
  };
  const lines = [
    {
      productSlug: "rose-serum",
      productPath: "/catalog/skincare/rose-serum",
      name: "Rose serum",
      brand: "Maison Lumière",
      unitPrice: 12900,
      quantity: 1,
      lineTotal: 12900,
      prepurchase: false,
      variantName: null,
      sku: null,
      sellAhead: false,
    },
  ];
  await env.DB.batch(
    insertOrderStatements(
      env.DB,
      {
        idempotencyKey: crypto.randomUUID(),
        userId: null,
        visitorId: "v",
        status: "awaiting_payment",
        locale: "en",
        input,
        totals: plainTotals(lines, "pickup"),
        lines,
      },
      number,
    ),
  );
  const order = await findOrderByNumber(env.DB, number);
  await setPaymentReference(env.DB, order!.id, reference);
  return number;
}

function completedEvent(id: string, sessionId: string) {
  return JSON.stringify({
    id,
    type: "checkout.session.completed",
    data: { object: { id: sessionId, payment_status: "paid" } },
  });
}

async function post(body: string, signature: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature) headers["Stripe-Signature"] = signature;
  return app.request("/api/payments/webhook", { method: "POST", body, headers }, stripeEnv);
}

describe("payment webhook", () => {
  it("marks the order paid on a correctly signed completed checkout, once", async () => {
    const number = await createAwaitingOrder("cs_test_paid_1");
    const body = completedEvent("evt_1", "cs_test_paid_1");
    const signature = await stripeSignature(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000));
    const first = await post(body, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    expect((await findOrderByNumber(env.DB, number))?.status).toBe("paid");
    const repeat = await post(body, signature);
    expect(await repeat.json()).toEqual({ received: true, handled: false });
  });

  it("refuses a forged signature and leaves the order unpaid", async () => {
    const number = await createAwaitingOrder("cs_test_forged");
    const body = completedEvent("evt_2", "cs_test_forged");
    const forged = await stripeSignature("whsec_wrong", body, Math.floor(Date.now() / 1000));
    const res = await post(body, forged);
    expect(res.status).toBe(400);
    expect((await findOrderByNumber(env.DB, number))?.status).toBe("awaiting_payment");
  });

  it("refuses a missing signature, an old signature and a body changed after signing", async () => {
    const body = completedEvent("evt_3", "cs_test_x");
    expect((await post(body, null)).status).toBe(400);
    const old = await stripeSignature(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000) - 3600);
    expect((await post(body, old)).status).toBe(400);
    const fresh = await stripeSignature(WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000));
    expect((await post(body.replace("paid", "PAID"), fresh)).status).toBe(400);
  });

  it("answers 404 when card payments are not configured", async () => {
    const res = await app.request("/api/payments/webhook", { method: "POST", body: "{}" }, env);
    expect(res.status).toBe(404);
  });
});
