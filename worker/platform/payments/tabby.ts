import { CURRENCY } from "../../../shared/constants";
import {
  decimalAmount,
  type InstalmentNotification,
  type InstalmentProvider,
  type InstalmentSessionRequest,
  type PaymentToSettle,
} from "./instalment-provider";
import {
  type CheckoutSession,
  type PaymentEvent,
  PaymentProviderError,
  PaymentSignatureError,
} from "./payment-provider";

/**
 * Tabby's Pay-in-4 over its REST API (https://docs.tabby.ai, API v2): a session from
 * POST /api/v2/checkout under the public key; the payment read, captured, refunded and closed under
 * the secret key. A notification is a bare payment id and status, unsigned: the shop trusts only
 * what GET /api/v2/payments/{id} answers, as Tabby's documentation asks.
 */
export interface TabbyConfig {
  publicKey: string;
  secretKey: string;
  merchantCode: string;
  /** https://api.tabby.ai, or a local fake in tests. */
  apiBase: string;
}

interface TabbyPayment {
  id?: string;
  status?: string;
  amount?: string;
  currency?: string;
  order?: { reference_id?: string };
  captures?: unknown[];
}

export function tabbyProvider(config: TabbyConfig): InstalmentProvider {
  async function call<T>(path: string, key: string, init: { method: string; body?: unknown }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${config.apiBase}${path}`, {
        method: init.method,
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch (error) {
      throw new PaymentProviderError(`Tabby could not be reached: ${String(error)}`);
    }
    const body = (await response.json().catch(() => null)) as T | null;
    if (response.status === 404) throw new PaymentSignatureError("Tabby knows no such payment");
    if (!response.ok || body === null) throw new PaymentProviderError(`Tabby answered ${response.status}`);
    return body;
  }

  return {
    id: "tabby",

    async createCheckoutSession(request: InstalmentSessionRequest): Promise<CheckoutSession> {
      const body = await call<{
        id?: string;
        status?: string;
        payment?: { id?: string };
        configuration?: { available_products?: { installments?: { web_url?: string }[] } };
      }>("/api/v2/checkout", config.publicKey, {
        method: "POST",
        body: {
          lang: request.locale,
          merchant_code: config.merchantCode,
          merchant_urls: { success: request.successUrl, cancel: request.cancelUrl, failure: request.failureUrl },
          payment: {
            amount: decimalAmount(request.amount),
            currency: CURRENCY,
            description: `Order ${request.orderNumber}`,
            buyer: {
              name: `${request.buyer.firstName} ${request.buyer.lastName}`,
              email: request.buyer.email,
              phone: request.buyer.phone,
            },
            shipping_address: request.address
              ? { address: request.address.line, city: request.address.city, zip: "" }
              : undefined,
            order: {
              reference_id: request.orderNumber,
              tax_amount: decimalAmount(request.vat),
              shipping_amount: decimalAmount(request.deliveryFee),
              items: request.lines.map((line) => ({
                title: line.name,
                reference_id: line.sku ?? line.name,
                quantity: line.quantity,
                unit_price: decimalAmount(line.unitAmount),
                category: "Beauty",
              })),
            },
          },
        },
      });
      const url = body.configuration?.available_products?.installments?.[0]?.web_url;
      // "rejected": Tabby will not lend this shopper this amount; no page to send them to.
      if (body.status !== "created" || !body.payment?.id || !url) {
        throw new PaymentProviderError(`Tabby did not open a session (${body.status ?? "no status"})`);
      }
      return { reference: body.payment.id, redirectUrl: url };
    },

    async parseNotification(notification: InstalmentNotification): Promise<PaymentEvent> {
      let told: { id?: unknown };
      try {
        told = JSON.parse(notification.rawBody);
      } catch {
        throw new PaymentSignatureError("Unreadable notification");
      }
      const id = typeof told.id === "string" && /^[\w-]{1,100}$/.test(told.id) ? told.id : null;
      if (!id) throw new PaymentSignatureError("No payment id");
      // The notification only says which payment to look at: its status is the API's word.
      const payment = await call<TabbyPayment>(`/api/v2/payments/${id}`, config.secretKey, { method: "GET" });
      if (payment.id !== id) throw new PaymentSignatureError("Tabby answered for another payment");
      const status = (payment.status ?? "").toUpperCase();
      const eventId = `tabby:${id}:${status.toLowerCase()}`;
      if (status === "AUTHORIZED") return { kind: "paid", eventId, reference: id };
      if (status === "REJECTED") return { kind: "failed", eventId, reference: id };
      // Tabby's cancel link and its 30 minutes without a decision both end in EXPIRED.
      if (status === "EXPIRED") return { kind: "expired", eventId, reference: id };
      // CREATED (not decided yet), CLOSED (captured or closed by the shop itself): nothing to do.
      return { kind: "ignored", eventId };
    },

    async confirm(): Promise<void> {},

    async capture(payment: PaymentToSettle): Promise<void> {
      // reference_id makes a repeated capture (a retry after a lost answer) a no-op at Tabby.
      await call(`/api/v2/payments/${payment.reference}/captures`, config.secretKey, {
        method: "POST",
        body: { amount: decimalAmount(payment.amount), reference_id: `capture-${payment.orderNumber}` },
      });
    },

    async refund(payment: PaymentToSettle, captured: boolean): Promise<void> {
      if (captured) {
        await call(`/api/v2/payments/${payment.reference}/refunds`, config.secretKey, {
          method: "POST",
          body: { amount: decimalAmount(payment.amount), reference_id: `refund-${payment.orderNumber}` },
        });
        return;
      }
      // Not captured yet: closing the payment lets the whole authorisation go.
      await call(`/api/v2/payments/${payment.reference}/close`, config.secretKey, { method: "POST" });
    },
  };
}
