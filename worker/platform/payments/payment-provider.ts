/**
 * Card payments go through a hosted checkout: the shopper is sent to the
 * provider and back, and an order becomes paid only from the provider's signed
 * webhook. The shop sees this interface; adapters speak each provider's API.
 */
export interface CheckoutSessionRequest {
  orderNumber: string;
  email: string;
  /** Fils; the provider charges this amount in AED. */
  amount: number;
  lines: { name: string; unitAmount: number; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds after which the provider's page no longer takes the payment (sessionExpiresAt). */
  expiresAt: number;
}

/**
 * How long the provider's page stays open, and so how long a card order holds its stock. Stripe
 * allows 30 minutes to 24 hours. 45: a shopper has time for the card form and a bank's 3-D Secure
 * step (a few minutes), with room above Stripe's 30-minute floor for the seconds between placing the
 * order and creating the session; and a product held by a shopper who left is back on sale within
 * the hour, where Stripe's default of 24 hours would keep the last lipstick from everyone a day.
 */
export const CARD_SESSION_MINUTES = 45;

/**
 * When an order's session expires: counted from the order, not the call, so a retried checkout
 * sends the provider the very same request (its idempotency key refuses a changed one).
 */
export function sessionExpiresAt(orderCreatedAt: string): number {
  return Math.floor(Date.parse(orderCreatedAt) / 1000) + CARD_SESSION_MINUTES * 60;
}

export interface CheckoutSession {
  /** The provider's id for the session; stored on the order as its payment reference. */
  reference: string;
  /** Where to send the shopper to pay. */
  redirectUrl: string;
}

/**
 * What a webhook says: a session was paid, expired unpaid, its (delayed) payment failed, or the
 * shopper cancelled it at the provider (an instalment provider says so; Stripe's page just expires);
 * `reference` is the session, as stored on the order. Anything else is ignored.
 */
export type PaymentEvent =
  | { kind: "paid" | "expired" | "failed" | "cancelled"; eventId: string; reference: string }
  | { kind: "ignored"; eventId: string };

export interface PaymentProvider {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Checks the signature and reads the event; throws PaymentSignatureError when it doesn't verify. */
  parseWebhook(rawBody: string, headers: Headers, now?: number): Promise<PaymentEvent>;
}

export class PaymentSignatureError extends Error {}

export class PaymentProviderError extends Error {}
