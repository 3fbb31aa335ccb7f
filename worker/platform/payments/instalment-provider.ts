import type { Locale } from "../../../shared/constants";
import type { InstalmentProviderId } from "../../../shared/instalments";
import type { CheckoutSession, PaymentEvent } from "./payment-provider";

/**
 * Paying in four (Tabby, Tamara) behind the shop's payments interface, beside the card's
 * (payment-provider.ts): a hosted checkout the shopper is sent to and back from, a notification the
 * adapter proves its provider's own way before the shop trusts it, then — unlike a card, which is
 * charged at once — an authorisation captured when the order ships and given back when it is
 * cancelled (worker/platform/payments/payment-tasks.ts; decision 0119).
 */
export interface InstalmentSessionRequest {
  orderNumber: string;
  locale: Locale;
  /** Fils, AED: the order's total, VAT and delivery included. */
  amount: number;
  deliveryFee: number;
  vat: number;
  buyer: { firstName: string; lastName: string; email: string; phone: string };
  address: { line: string; city: string; region: string } | null;
  lines: { sku: string | null; name: string; unitAmount: number; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  failureUrl: string;
  /** Where the provider posts its notifications (Tamara takes it per session; Tabby's is registered once). */
  notificationUrl: string;
}

/** What a notification's request carries: the adapter reads what its provider signs or names. */
export interface InstalmentNotification {
  rawBody: string;
  url: string;
  headers: Headers;
}

export interface PaymentToSettle {
  /** The provider's id for the payment, stored on the order (orders.payment_reference). */
  reference: string;
  orderNumber: string;
  /** Fils. */
  amount: number;
  carrier?: string | null;
  trackingNumber?: string | null;
}

export interface InstalmentProvider {
  id: InstalmentProviderId;
  createCheckoutSession(request: InstalmentSessionRequest): Promise<CheckoutSession>;
  /**
   * Proves the notification (Tabby: the payment retrieved from its API; Tamara: the signed token)
   * and reads it. Throws PaymentSignatureError when it cannot be proved or names no payment the
   * provider knows; PaymentProviderError when the provider could not be asked (it will send again).
   */
  parseNotification(notification: InstalmentNotification, now?: number): Promise<PaymentEvent>;
  /** What the provider needs before an approved payment counts (Tamara: authorise); nothing for Tabby. */
  confirm(reference: string): Promise<void>;
  /** Takes the authorised money: when the order ships. Safe to repeat for the same order. */
  capture(payment: PaymentToSettle): Promise<void>;
  /** Gives it back when the order is cancelled: a refund once captured, else the authorisation let go. */
  refund(payment: PaymentToSettle, captured: boolean): Promise<void>;
}

/** Money in the providers' JSON: AED with two decimals ("239.00"). */
export function decimalAmount(fils: number): string {
  return (fils / 100).toFixed(2);
}
