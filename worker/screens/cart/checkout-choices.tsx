import { ByEmirate, type ByEmirateValues, emiratesOfTheirOwn } from "../../../client/components/by-emirate";
import type { CheckoutFormProps } from "../../../client/islands/checkout-form";
import type { DeliveryMethod } from "../../../shared/cart-rules";
import { cashOfferedTo } from "../../../shared/cash-on-delivery";
import { EMIRATES } from "../../../shared/forms/checkout";
import type { Translator } from "../../../shared/i18n/translator";
import { formatPrice } from "../../../shared/money";
import { deliveryFeeFor } from "../../../shared/promotions/shop-settings";
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

/** The bag's quote if it were delivered (to `region`, when named) and paid this way: what the summary and the button say. */
export function totalsFor(
  view: CartView,
  delivery: DeliveryMethod,
  payment: "cash" | "online" = "online",
  region: string | null = null,
) {
  return quoteOf(view, { delivery, region, payment });
}

/**
 * `of(region)` for each emirate whose delivery fee is its own (decision 0109's fees by emirate), and for the
 * others and none chosen: a delivered order's total depends on the emirate picked in the form.
 */
function byEmirate<T>(view: CartView, of: (region: string | null) => T): ByEmirateValues<T> {
  const own = emiratesOfTheirOwn((region) => deliveryFeeFor(view.promotions.settings, region));
  return { other: of(null), own: own.map((emirate) => ({ emirate, value: of(EMIRATES[emirate]!) })) };
}

/** Both ways of paying for one way of getting the order: the style shows the one whose radio is checked. */
export function PaidTotals({ view, delivery, label }: { view: CartView; delivery: DeliveryMethod; label?: string }) {
  const paid = (region: string | null) => (
    <>
      <div className="for-cash">
        <QuoteTotals quote={totalsFor(view, delivery, "cash", region)} deliveryLabel={label} />
      </div>
      <div className="for-online">
        <QuoteTotals quote={totalsFor(view, delivery, "online", region)} deliveryLabel={label} />
      </div>
    </>
  );
  if (delivery === "pickup") return paid(null);
  return <ByEmirate values={byEmirate(view, (region) => region)} render={paid} />;
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

/** The button's total for each way of getting and paying for the order, a delivery's for each emirate of its own fee. */
export function buttonTotals(view: CartView, t: Translator): CheckoutFormProps["totals"] {
  const paid = (delivery: DeliveryMethod, region: string | null) => ({
    cash: formatPrice(t.locale, totalsFor(view, delivery, "cash", region).total),
    online: formatPrice(t.locale, totalsFor(view, delivery, "online", region).total),
  });
  return { transport: byEmirate(view, (region) => paid("transport", region)), pickup: paid("pickup", null) };
}
