import type { PaymentProvider } from "./payment-provider";
import { stripeCheckout } from "./stripe-checkout";

export type CardPayments = { available: true; provider: PaymentProvider } | { available: false; reason: string };

/** Card payments, when their keys are configured; built per request from the env. */
export function cardPayments(env: Env): CardPayments {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  if (!secretKey || !webhookSecret) {
    return {
      available: false,
      reason:
        "Card payment is not available at the moment. Please choose cash on delivery; we accept cards at the door.",
    };
  }
  return {
    available: true,
    provider: stripeCheckout({
      secretKey,
      webhookSecret,
      apiBase: env.STRIPE_API_BASE || "https://api.stripe.com",
      paymentMethodConfiguration: env.STRIPE_PAYMENT_METHOD_CONFIGURATION || undefined,
    }),
  };
}
