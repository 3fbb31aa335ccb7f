import { CURRENCY } from "../../../shared/constants";
import { verifyHmacSha256Hex } from "../security/crypto";
import {
  type CheckoutSession,
  type CheckoutSessionRequest,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  PaymentSignatureError,
} from "./payment-provider";

/**
 * Stripe Checkout Sessions over its REST API (form-encoded), and its webhook
 * signature scheme: `Stripe-Signature: t=…,v1=…` with v1 = HMAC-SHA256 of
 * "{t}.{body}" under the endpoint's signing secret, within a 5-minute tolerance.
 *
 * The session names no `payment_method_types`: Checkout then shows the methods the account has on
 * (dynamic payment methods), Apple Pay and Google Pay among them once they are enabled in the
 * Dashboard, on the devices that have them. A `payment_method_configuration` picks another set of
 * the account's (README, Configuration).
 */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local fake in tests. */
  apiBase: string;
  /** A payment method configuration (pmc_…) of the account; none: its default. */
  paymentMethodConfiguration?: string;
}

const TOLERANCE_SECONDS = 300;

export function stripeCheckout(config: StripeConfig): PaymentProvider {
  return {
    async createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession> {
      const form = new URLSearchParams({
        mode: "payment",
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        customer_email: request.email,
        client_reference_id: request.orderNumber,
        "metadata[order_number]": request.orderNumber,
        expires_at: String(request.expiresAt),
      });
      if (config.paymentMethodConfiguration) {
        form.set("payment_method_configuration", config.paymentMethodConfiguration);
      }
      request.lines.forEach((line, i) => {
        form.set(`line_items[${i}][quantity]`, String(line.quantity));
        // Stripe writes ISO currency codes in lower case.
        form.set(`line_items[${i}][price_data][currency]`, CURRENCY.toLowerCase());
        form.set(`line_items[${i}][price_data][unit_amount]`, String(line.unitAmount));
        form.set(`line_items[${i}][price_data][product_data][name]`, line.name);
      });
      const response = await fetch(`${config.apiBase}/v1/checkout/sessions`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${config.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": `checkout-${request.orderNumber}`,
        },
        body: form,
      });
      const body = (await response.json().catch(() => null)) as {
        id?: string;
        url?: string;
        error?: { message?: string };
      } | null;
      if (!response.ok || !body?.id || !body.url) {
        throw new PaymentProviderError(body?.error?.message ?? `Stripe answered ${response.status}`);
      }
      return { reference: body.id, redirectUrl: body.url };
    },

    async parseWebhook(rawBody: string, headers: Headers, now = Date.now()): Promise<PaymentEvent> {
      const header = headers.get("stripe-signature") ?? "";
      const parts = new Map<string, string[]>();
      for (const item of header.split(",")) {
        const [k, v] = item.split("=", 2);
        if (k && v) parts.set(k.trim(), [...(parts.get(k.trim()) ?? []), v.trim()]);
      }
      const timestamp = Number(parts.get("t")?.[0]);
      const signatures = parts.get("v1") ?? [];
      if (!Number.isFinite(timestamp) || signatures.length === 0) throw new PaymentSignatureError("Missing signature");
      if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) throw new PaymentSignatureError("Signature too old");
      if (!(await verifyHmacSha256Hex(config.webhookSecret, `${timestamp}.${rawBody}`, signatures))) {
        throw new PaymentSignatureError("Bad signature");
      }
      let event: { id?: string; type?: string; data?: { object?: { id?: string; payment_status?: string } } };
      try {
        event = JSON.parse(rawBody);
      } catch {
        throw new PaymentSignatureError("Unreadable event");
      }
      const eventId = event.id ?? "";
      const session = event.data?.object;
      if (!session?.id) return { kind: "ignored", eventId };
      if (
        (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") &&
        session.payment_status === "paid"
      ) {
        return { kind: "paid", eventId, reference: session.id };
      }
      // The session's page closed unpaid (expires_at passed, or expired through the API).
      if (event.type === "checkout.session.expired" && session.payment_status !== "paid") {
        return { kind: "expired", eventId, reference: session.id };
      }
      // A delayed payment method (a bank debit) was refused after the session completed unpaid.
      if (event.type === "checkout.session.async_payment_failed")
        return { kind: "failed", eventId, reference: session.id };
      return { kind: "ignored", eventId };
    },
  };
}
