import type { DeliveryMethod } from "../../../shared/cart-rules";
import { withinInstalmentLimits } from "../../../shared/instalments";
import { formatPrice } from "../../../shared/money";
import type { Contacts } from "../../../shared/types/cms";
import { whatsappDigits } from "../../../shared/whatsapp-link";
import { useTexts } from "../../frame/i18n/texts";
import { configuredInstalments } from "../../platform/payments/configured-instalments";
import { cardPayments } from "../../platform/payments/configured-provider";
import type { CartView } from "./cart-view";
import { totalsFor } from "./checkout-choices";

/**
 * When the bag can be paid no way at all: over the largest cash order (its fee included, decision 0109)
 * whichever way it is got, while card payments are not available and no instalment provider takes its
 * total. The bag and the checkout then say so once, with what to do, instead of offering a card that
 * cannot be used beside a cash refusal and answering the order with a 422.
 */

const DELIVERIES: readonly DeliveryMethod[] = ["transport", "pickup"];

/** What the bag and the checkout read: how the bag can be paid at all. */
export interface PayWays {
  /** The card, or an instalment provider for this bag, can take it. */
  other: boolean;
  /** Cash can take it, one way of getting it at least. */
  cash: boolean;
}

export function payWays(env: Env, view: CartView): PayWays {
  const instalments = configuredInstalments(env).some((id) =>
    DELIVERIES.some((delivery) => withinInstalmentLimits(id, totalsFor(view, delivery).total)),
  );
  return {
    other: cardPayments(env).available || instalments,
    cash: DELIVERIES.some((delivery) => totalsFor(view, delivery, "cash").cashAllowed),
  };
}

/** The one notice for a bag nothing can pay for: its total, the ceiling, and how to reach the shop. */
export function NoWayToPay({ view, contacts }: { view: CartView; contacts: Contacts | null }) {
  const t = useTexts();
  const price = (fils: number) => formatPrice(t.locale, fils);
  const digits = whatsappDigits(contacts?.whatsapp);
  return (
    <div className="notice notice--error" role="alert">
      <p>
        {t.fill(t.m.promotions.noWayToPay, {
          total: price(totalsFor(view, "transport", "cash").total),
          amount: price(view.promotions.settings.cashMax ?? 0),
        })}
      </p>
      <ul>
        {digits && (
          <li>
            <a href={`https://wa.me/${digits}`} rel="noopener" target="_blank">
              WhatsApp
            </a>
          </li>
        )}
        {contacts?.phone && (
          <li>
            <a href={`tel:${contacts.phone.replace(/[^+\d]/g, "")}`}>
              <bdi dir="ltr">{contacts.phone}</bdi>
            </a>
          </li>
        )}
      </ul>
    </div>
  );
}
