import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { cardPayments } from "../../platform/payments/configured-provider";
import { PaymentSignatureError } from "../../platform/payments/payment-provider";
import { markPaid } from "../../platform/stores/order-store";

/**
 * POST /api/payments/webhook: the provider tells us a payment succeeded. Only a
 * correctly signed event marks an order paid; a repeated event is harmless.
 * No CSRF check here: the signature is the authentication.
 */
export const paymentWebhook = new Hono<AppEnv>().post("/webhook", async (c) => {
  const payments = cardPayments(c.env);
  if (!payments.available) return c.json({ error: "Card payments are not configured" }, 404);
  const raw = await c.req.text();
  let event: Awaited<ReturnType<typeof payments.provider.parseWebhook>>;
  try {
    event = await payments.provider.parseWebhook(raw, c.req.raw.headers);
  } catch (error) {
    if (error instanceof PaymentSignatureError) return c.json({ error: "Invalid signature" }, 400);
    throw error;
  }
  if (event.kind !== "paid") return c.json({ received: true, handled: false });
  const outcome = await markPaid(c.env.DB, event.eventId, event.reference);
  if (outcome === "unknown") console.error("Payment for an unknown checkout session:", event.reference);
  return c.json({ received: true, handled: outcome === "paid" });
});
