import type { Context } from "hono";
import { Hono } from "hono";
import type { InstalmentProviderId } from "../../../shared/instalments";
import { siteOrigin } from "../../frame/head/site-origin";
import { getContacts } from "../../frame/layout/layout-data";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
import { findByPaymentReference } from "../../platform/payments/card-hold-store";
import { releaseByReference, settleByReference } from "../../platform/payments/card-holds";
import { instalmentProvider } from "../../platform/payments/configured-instalments";
import type { PaymentEvent } from "../../platform/payments/payment-provider";
import { PaymentProviderError, PaymentSignatureError } from "../../platform/payments/payment-provider";
import { SERVICE } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";

/** The providers' notifications: no shop session, no Origin (each adapter proves them its provider's way). */
const INSTALMENT_EVENT: WriteSpec = {
  body: "webhook",
  limits: SERVICE,
  csrf: { exempt: "the provider's notification is proved by the adapter (a signed token, or the payment read back)" },
  session: "none",
  personal: false,
};

/**
 * POST /api/payments/tabby/webhook and /api/payments/tamara/webhook (decision 0119). Only a proved
 * notification changes an order, each event once (payment_events). Approved: the provider's own
 * confirmation first (Tamara's authorise), then the order is paid through the card's path
 * (settleByReference → markPaid), so whatever hooks the mark-paid path runs for instalments too.
 * Declined, expired or cancelled: an order still awaiting payment is cancelled and its stock given back.
 */
async function notification(c: Context<AppEnv>, id: InstalmentProviderId): Promise<Response> {
  const provider = instalmentProvider(c.env, id);
  if (!provider) return c.json({ error: "This payment provider is not configured" }, 404);
  let event: PaymentEvent;
  try {
    event = await provider.parseNotification({
      rawBody: await c.req.text(),
      url: c.req.url,
      headers: c.req.raw.headers,
    });
  } catch (error) {
    if (error instanceof PaymentSignatureError) return c.json({ error: "Invalid notification" }, 400);
    // The provider could not be asked: a 503 makes it send the notification again.
    if (error instanceof PaymentProviderError) return c.json({ error: "Try again" }, 503);
    throw error;
  }
  if (event.kind === "ignored") return c.json({ received: true, handled: false });
  const origin = siteOrigin(c);
  if (event.kind !== "paid") {
    const outcome = await releaseByReference(c.env, origin, event.reference, event.kind, event.eventId);
    if (outcome === "unknown")
      log.error("Instalment notification for an unknown order", { operation: id, kind: event.kind });
    return c.json({ received: true, handled: outcome === "released" });
  }
  const db = c.env.DB;
  const [order, seen] = await Promise.all([
    findByPaymentReference(db, event.reference),
    db.prepare("SELECT 1 AS seen FROM payment_events WHERE event_id = ?1").bind(event.eventId).first(),
  ]);
  if (!order) {
    log.error("Instalment payment for an unknown order", { operation: id, reference: event.reference });
    return c.json({ received: true, handled: false });
  }
  if (seen) return c.json({ received: true, handled: false });
  try {
    await provider.confirm(event.reference);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.error("Instalment payment could not be confirmed with the provider", { operation: id, error });
    return c.json({ error: "Try again" }, 503);
  }
  const contacts = await getContacts(c, c.get("locale")).catch(() => null);
  const outcome = await settleByReference(c.env, origin, event.reference, event.eventId, contacts?.receiver || null);
  if (outcome === "refund")
    log.error("Instalment payment after the order was cancelled; staff are asked to refund", { operation: id });
  return c.json({ received: true, handled: outcome === "paid" || outcome === "paid-again" });
}

export const instalmentWebhook = new Hono<AppEnv>()
  .post("/tabby/webhook", writes(INSTALMENT_EVENT), (c) => notification(c, "tabby"))
  .post("/tamara/webhook", writes(INSTALMENT_EVENT), (c) => notification(c, "tamara"));
