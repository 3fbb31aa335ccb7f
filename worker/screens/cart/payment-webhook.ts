import { Hono } from "hono";
import { siteOrigin } from "../../frame/head/site-origin";
import { getContacts } from "../../frame/layout/layout-data";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
import { releaseByReference, settleByReference } from "../../platform/payments/card-holds";
import { cardPayments } from "../../platform/payments/configured-provider";
import { PaymentSignatureError } from "../../platform/payments/payment-provider";
import { SERVICE } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";

/** The provider's signed events: no shop session, no Origin (the signature authenticates them). */
const PAYMENT_EVENT: WriteSpec = {
  body: "webhook",
  limits: SERVICE,
  csrf: { exempt: "the provider signs each event; the signature is the authentication" },
  session: "none",
  personal: false,
};

/**
 * POST /api/payments/webhook: the provider tells us a payment succeeded, a session expired
 * unpaid, or a payment failed. Only a correctly signed event changes an order; a repeated event
 * is harmless. Paid: the order is paid (or, if the shop cancelled it meanwhile, paid again when its
 * stock can be taken again, else staff are told to refund). Expired or failed: an order still
 * awaiting payment is cancelled and its stock given back, in one batch.
 * No CSRF check here: the signature is the authentication.
 */
export const paymentWebhook = new Hono<AppEnv>().post("/webhook", writes(PAYMENT_EVENT), async (c) => {
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
  if (event.kind === "ignored") return c.json({ received: true, handled: false });
  if (event.kind !== "paid") {
    const outcome = await releaseByReference(c.env, siteOrigin(c), event.reference, event.kind, event.eventId);
    if (outcome === "unknown")
      log.error("Card payment event for an unknown checkout session", { kind: event.kind, reference: event.reference });
    return c.json({ received: true, handled: outcome === "released" });
  }
  // Where staff are told to refund a payment for an order that stays cancelled (rarely needed, never fatal).
  const contacts = await getContacts(c, c.get("locale")).catch(() => null);
  const receiver = contacts?.receiver || null;
  const outcome = await settleByReference(c.env, siteOrigin(c), event.reference, event.eventId, receiver);
  if (outcome === "unknown") log.error("Payment for an unknown checkout session", { reference: event.reference });
  if (outcome === "refund")
    log.error("Payment after the order was cancelled; staff are asked to refund", { reference: event.reference });
  return c.json({ received: true, handled: outcome === "paid" || outcome === "paid-again" });
});
