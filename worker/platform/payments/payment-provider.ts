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
}

export interface CheckoutSession {
  /** The provider's id for the session; stored on the order as its payment reference. */
  reference: string;
  /** Where to send the shopper to pay. */
  redirectUrl: string;
}

export type PaymentEvent = { kind: "paid"; eventId: string; reference: string } | { kind: "ignored"; eventId: string };

export interface PaymentProvider {
  createCheckoutSession(request: CheckoutSessionRequest): Promise<CheckoutSession>;
  /** Checks the signature and reads the event; throws PaymentSignatureError when it doesn't verify. */
  parseWebhook(rawBody: string, headers: Headers, now?: number): Promise<PaymentEvent>;
}

export class PaymentSignatureError extends Error {}

export class PaymentProviderError extends Error {}
