import type { Context } from "hono";
import type { PaymentMethod } from "../../../shared/forms/checkout";
import type { Translator } from "../../../shared/i18n/translator";
import {
  INSTALMENT_LIMITS,
  type InstalmentProviderId,
  isInstalmentProvider,
  withinInstalmentLimits,
} from "../../../shared/instalments";
import { routePath } from "../../../shared/links";
import { formatPrice } from "../../../shared/money";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
import type { Order } from "../../platform/orders/order-record";
import { setPaymentReference } from "../../platform/orders/order-store";
import { configuredInstalments, instalmentProvider } from "../../platform/payments/configured-instalments";
import { PaymentProviderError } from "../../platform/payments/payment-provider";
import { eachPayment } from "../../shop/payments/instalment-line";

/**
 * Paying in four at the checkout (decision 0119): which providers the form offers, why a chosen one
 * is refused, and sending the placed order to the provider's page.
 */

/** The form's instalment choices: each configured provider that takes either total (with or without delivery). */
export function instalmentChoices(env: Env, t: Translator, totals: number[]) {
  const largest = Math.max(...totals);
  return configuredInstalments(env)
    .filter((id) => totals.some((total) => withinInstalmentLimits(id, total)))
    .map((id) => ({ id, hint: eachPayment(t, largest) }));
}

/** Why this payment cannot be taken for this total, in the page's language; null when it can (or is no instalment). */
export function instalmentRefusal(env: Env, t: Translator, payment: PaymentMethod, total: number): string | null {
  if (!isInstalmentProvider(payment)) return null;
  const words = t.m.checkout.instalments;
  const provider = words.names[payment];
  if (!instalmentProvider(env, payment)) return t.fill(words.unavailable, { provider });
  if (withinInstalmentLimits(payment, total)) return null;
  const { min, max } = INSTALMENT_LIMITS[payment];
  const money = (fils: number) => formatPrice(t.locale, fils);
  return t.fill(words.outOfLimits, { provider, min: money(min), max: money(max), total: money(total) });
}

/**
 * Opens the provider's session for a placed instalment order and sends the shopper there; the
 * reference is kept on the order for its notification. A provider that is down or says no leaves
 * the order placed and awaiting payment (its stock held until the sweep lets it go) and says so.
 */
export async function startInstalments(c: Context<AppEnv>, order: Order, t: Translator): Promise<Response | null> {
  const id = order.payment as InstalmentProviderId;
  const provider = instalmentProvider(c.env, id);
  if (!provider) return null;
  const origin = c.env.PUBLIC_ORIGIN || new URL(c.req.url).origin;
  const back = (query: Record<string, number>) =>
    `${origin}${routePath("cart-order-number", { number: order.number }, { query, locale: order.locale })}`;
  try {
    const session = await provider.createCheckoutSession({
      orderNumber: order.number,
      locale: order.locale,
      amount: order.totals.total,
      deliveryFee: order.totals.delivery,
      vat: order.totals.vat,
      buyer: { firstName: order.firstName, lastName: order.lastName, email: order.email, phone: order.phone },
      address:
        order.delivery === "transport"
          ? { line: order.address ?? "", city: order.city ?? "", region: order.region ?? "" }
          : null,
      lines: order.lines.map((l) => ({ sku: l.sku, name: l.name, unitAmount: l.unitPrice, quantity: l.quantity })),
      successUrl: back({ paid: 1 }),
      cancelUrl: back({ cancelled: 1 }),
      failureUrl: back({ cancelled: 1 }),
      notificationUrl: `${origin}/api/payments/${id}/webhook`,
    });
    await setPaymentReference(c.env.DB, order.id, session.reference, session.redirectUrl);
    return c.redirect(session.redirectUrl, 303);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log.error("Instalment checkout could not start", { operation: id, error });
    setFlash(c, {
      kind: "error",
      text: t.fill(t.m.checkout.instalments.down, { provider: t.m.checkout.instalments.names[id] }),
    });
    return null;
  }
}
