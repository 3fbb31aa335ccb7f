import { jwtVerify } from "jose";
import { CURRENCY } from "../../../shared/constants";
import type {
  InstalmentNotification,
  InstalmentProvider,
  InstalmentSessionRequest,
  PaymentToSettle,
} from "./instalment-provider";
import {
  type CheckoutSession,
  type PaymentEvent,
  PaymentProviderError,
  PaymentSignatureError,
} from "./payment-provider";

/**
 * Tamara's online checkout over its REST API (https://docs.tamara.co): POST /checkout opens a
 * session; a notification carries a JWT (HS256 under the merchant's notification token) as the
 * `tamaraToken` query parameter and as `Authorization: Bearer …`, which must verify before the body
 * counts; an approved order is authorised (POST /orders/{id}/authorise), captured on shipping
 * (POST /payments/capture), refunded (POST /payments/simplified-refund/{id}) or, not captured yet,
 * cancelled (POST /orders/{id}/cancel). Everything under the API token.
 */
export interface TamaraConfig {
  apiToken: string;
  notificationToken: string;
  /** https://api.tamara.co, or a local fake in tests. */
  apiBase: string;
}

function money(fils: number) {
  return { amount: Number((fils / 100).toFixed(2)), currency: CURRENCY };
}

/** Tamara's order statuses as its notifications name them (event_type), and what each means here. */
const EVENTS: Record<string, "paid" | "failed" | "expired" | "cancelled"> = {
  order_approved: "paid",
  order_declined: "failed",
  order_expired: "expired",
  order_canceled: "cancelled",
};

export function tamaraProvider(config: TamaraConfig): InstalmentProvider {
  /** A POST to the API; `path` is relative to its base ("payments/capture"). */
  async function call<T>(path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}/${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${config.apiToken}`, "Content-Type": "application/json" },
        body: JSON.stringify(body ?? {}),
      });
    } catch (error) {
      throw new PaymentProviderError(`Tamara could not be reached: ${String(error)}`);
    }
    const answer = (await response.json().catch(() => null)) as T | null;
    if (!response.ok || answer === null) throw new PaymentProviderError(`Tamara answered ${response.status}`);
    return answer;
  }

  return {
    id: "tamara",

    async createCheckoutSession(request: InstalmentSessionRequest): Promise<CheckoutSession> {
      const name = { first_name: request.buyer.firstName, last_name: request.buyer.lastName };
      const body = await call<{ order_id?: string; checkout_url?: string }>("checkout", {
        order_reference_id: request.orderNumber,
        order_number: request.orderNumber,
        total_amount: money(request.amount),
        tax_amount: money(request.vat),
        shipping_amount: money(request.deliveryFee),
        description: `Order ${request.orderNumber}`,
        country_code: "AE",
        payment_type: "PAY_BY_INSTALMENTS",
        instalments: 4,
        locale: request.locale === "ar" ? "ar_SA" : "en_US",
        items: request.lines.map((line, i) => ({
          reference_id: `${request.orderNumber}-${i + 1}`,
          type: "Physical",
          name: line.name,
          sku: line.sku ?? line.name,
          quantity: line.quantity,
          unit_price: money(line.unitAmount),
          total_amount: money(line.unitAmount * line.quantity),
        })),
        consumer: { ...name, email: request.buyer.email, phone_number: request.buyer.phone },
        shipping_address: {
          ...name,
          line1: request.address?.line || "Pickup at the shop",
          city: request.address?.city || "Dubai",
          region: request.address?.region || undefined,
          country_code: "AE",
        },
        merchant_url: {
          success: request.successUrl,
          cancel: request.cancelUrl,
          failure: request.failureUrl,
          notification: request.notificationUrl,
        },
      });
      if (!body.order_id || !body.checkout_url) throw new PaymentProviderError("Tamara opened no checkout");
      return { reference: body.order_id, redirectUrl: body.checkout_url };
    },

    async parseNotification(notification: InstalmentNotification): Promise<PaymentEvent> {
      const bearer = notification.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
      const token = new URL(notification.url).searchParams.get("tamaraToken") ?? bearer;
      if (!token) throw new PaymentSignatureError("No Tamara token");
      try {
        await jwtVerify(token, new TextEncoder().encode(config.notificationToken), { algorithms: ["HS256"] });
      } catch {
        throw new PaymentSignatureError("Tamara token does not verify");
      }
      let told: { order_id?: unknown; event_type?: unknown };
      try {
        told = JSON.parse(notification.rawBody);
      } catch {
        throw new PaymentSignatureError("Unreadable notification");
      }
      const orderId = typeof told.order_id === "string" ? told.order_id : "";
      const type = typeof told.event_type === "string" ? told.event_type : "";
      if (!orderId) throw new PaymentSignatureError("No Tamara order id");
      const eventId = `tamara:${orderId}:${type}`;
      const kind = EVENTS[type];
      return kind ? { kind, eventId, reference: orderId } : { kind: "ignored", eventId };
    },

    async confirm(reference: string): Promise<void> {
      // Approved is not enough: Tamara counts an order only once the merchant authorises it.
      const answer = await call<{ status?: string }>(`orders/${encodeURIComponent(reference)}/authorise`);
      if (answer.status !== "authorised" && answer.status !== "fully_captured") {
        throw new PaymentProviderError(`Tamara did not authorise (${answer.status ?? "no status"})`);
      }
    },

    async capture(payment: PaymentToSettle): Promise<void> {
      await call("payments/capture", {
        order_id: payment.reference,
        total_amount: money(payment.amount),
        shipping_info: {
          shipped_at: new Date().toISOString(),
          shipping_company: payment.carrier || "Noor Beauty",
          tracking_number: payment.trackingNumber || undefined,
        },
      });
    },

    async refund(payment: PaymentToSettle, captured: boolean): Promise<void> {
      const id = encodeURIComponent(payment.reference);
      if (captured) {
        await call(`payments/simplified-refund/${id}`, {
          total_amount: money(payment.amount),
          comment: `Order ${payment.orderNumber} cancelled`,
        });
        return;
      }
      await call(`orders/${id}/cancel`, { total_amount: money(payment.amount) });
    },
  };
}
