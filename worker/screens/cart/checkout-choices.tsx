import type { CheckoutFormProps } from "../../../client/islands/checkout-form";
import type { DeliveryMethod } from "../../../shared/cart-rules";
import { cashOfferedTo } from "../../../shared/cash-on-delivery";
import type { Translator } from "../../../shared/i18n/translator";
import { formatPrice } from "../../../shared/money";
import type { CardPayments } from "../../platform/payments/configured-provider";
import { QuoteTotals } from "./cart-totals";
import type { CartView } from "./cart-view";
import { quoteOf } from "./cart-view";

/**
 * What the checkout offers for paying and what each choice comes to: the card, cash on delivery and why
 * it is refused (its ceiling, or a phone with refused parcels: decisions 0109, 0118), and the totals for
 * each way of getting and paying for the order, drawn side by side for the page's style to show one.
 */

/** Whether a card can be chosen, and why not, in the page's language. */
export function cardAvailability(card: CardPayments, t: Translator): CheckoutFormProps["card"] {
  return card.available
    ? { available: true, reason: null }
    : { available: false, reason: t.m.checkout.cardUnavailable };
}

/** The bag's quote if it were delivered and paid this way: what the summary and the button say for each choice. */
export function totalsFor(view: CartView, delivery: DeliveryMethod, payment: "cash" | "online" = "online") {
  return quoteOf(view, { delivery, region: null, payment });
}

/** Both ways of paying for one way of getting the order: the style shows the one whose radio is checked. */
export function PaidTotals({ view, delivery, label }: { view: CartView; delivery: DeliveryMethod; label?: string }) {
  return (
    <>
      <div className="for-cash">
        <QuoteTotals quote={totalsFor(view, delivery, "cash")} deliveryLabel={label} />
      </div>
      <div className="for-online">
        <QuoteTotals quote={totalsFor(view, delivery, "online")} deliveryLabel={label} />
      </div>
    </>
  );
}

/**
 * Why cash on delivery is not offered for each way of getting the order (above the largest cash order,
 * its fee included: docs/decisions/0109-delivery-settings-on-the-desk.md), or null where it is.
 */
function cashRefusals(view: CartView, t: Translator): CheckoutFormProps["cash"] {
  const sentence = t.fill(t.m.promotions.cashTooLarge, {
    amount: formatPrice(t.locale, view.promotions.settings.cashMax ?? 0),
  });
  const refusal = (delivery: DeliveryMethod) => (totalsFor(view, delivery, "cash").cashAllowed ? null : sentence);
  return { transport: refusal("transport"), pickup: refusal("pickup") };
}

/**
 * Why cash is not offered, for each way of getting the order: `closed` (a phone with refused parcels, said
 * by the order's placement), or the phone the checkout knows with as many (decision 0118), else the ceiling.
 */
export function cashFor(view: CartView, t: Translator, closed: string | undefined): CheckoutFormProps["cash"] {
  const sentence = closed ?? (cashOfferedTo(view.phoneRefusals ?? 0) ? null : t.m.promotions.cashRefusedPhone);
  return sentence ? { transport: sentence, pickup: sentence } : cashRefusals(view, t);
}

/** The button's total for each way of getting and paying for the order. */
export function buttonTotals(view: CartView, t: Translator): CheckoutFormProps["totals"] {
  const total = (delivery: DeliveryMethod, payment: "cash" | "online") =>
    formatPrice(t.locale, totalsFor(view, delivery, payment).total);
  return {
    transport: { cash: total("transport", "cash"), online: total("transport", "online") },
    pickup: { cash: total("pickup", "cash"), online: total("pickup", "online") },
  };
}
