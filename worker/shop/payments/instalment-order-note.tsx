import type { ReactNode } from "react";
import type { Translator } from "../../../shared/i18n/translator";
import { isInstalmentProvider } from "../../../shared/instalments";
import type { Order } from "../../platform/orders/order-record";

/**
 * What an instalment order's page says while it waits for its provider
 * (docs/decisions/0122-an-instalment-order-names-its-provider.md): the provider by name, not "the card
 * payment", and the way back to its page when the session's address was kept (orders.payment_url).
 */

/** The provider's page, when it is one a link may point to (https only; anything else is not shown). */
function payLink(order: Order): string | null {
  if (!order.paymentUrl) return null;
  try {
    return new URL(order.paymentUrl).protocol === "https:" ? order.paymentUrl : null;
  } catch {
    return null;
  }
}

function WithPayLink({ order, provider, text, t }: { order: Order; provider: string; text: string; t: Translator }) {
  const href = payLink(order);
  return (
    <>
      {text}{" "}
      {href && (
        <a href={href} rel="noopener">
          {t.fill(t.m.orders.instalments.payLink, { provider })}
        </a>
      )}
    </>
  );
}

/** The "what happens next" step of an instalment order awaiting payment; null for any other order. */
export function instalmentAwaitingStep(order: Order, t: Translator): ReactNode | null {
  if (order.status !== "awaiting_payment" || !isInstalmentProvider(order.payment)) return null;
  const provider = t.m.checkout.instalments.names[order.payment];
  const text = t.fill(t.m.orders.instalments.awaiting, { provider });
  return <WithPayLink order={order} provider={provider} text={text} t={t} />;
}

/** Back from the provider's page without paying (`?cancelled=1`); null for any other order. */
export function instalmentNotCompleted(order: Order, t: Translator): ReactNode | null {
  if (order.status !== "awaiting_payment" || !isInstalmentProvider(order.payment)) return null;
  const provider = t.m.checkout.instalments.names[order.payment];
  const text = t.fill(t.m.orders.instalments.notCompleted, { provider });
  return <WithPayLink order={order} provider={provider} text={text} t={t} />;
}
