import type { Context } from "hono";
import { Hono } from "hono";
import { ItemName } from "../../../client/components/variant-name";
import CheckoutForm, { type CheckoutFormProps, type CheckoutValues } from "../../../client/islands/checkout-form";
import { type CheckoutField, type CheckoutInput, checkoutSchema } from "../../../shared/forms/checkout";
import { checkForm, type FormErrors } from "../../../shared/forms/form-result";
import { islandTexts } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import { formatPrice } from "../../../shared/money";
import { renderPage } from "../../frame/document/render-page";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import { setFlash } from "../../frame/personal/flash";
import type { AppEnv } from "../../platform/app-env";
import { readCartOwner } from "../../platform/bag/cart-owner";
import { getContacts } from "../../platform/cms-client/layout-records";
import { log } from "../../platform/log/log";
import { tooMany } from "../../platform/middleware/route-limits";
import { setPaymentReference } from "../../platform/orders/order-store";
import { cardPayments } from "../../platform/payments/configured-provider";
import { PaymentProviderError, sessionExpiresAt } from "../../platform/payments/payment-provider";
import { ORDERS } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import type { CartView, QuoteChoices } from "./cart-view";
import { loadCartView } from "./cart-view";
import { buttonTotals, cardAvailability, cashFor, PaidTotals, totalsFor } from "./checkout-choices";
import { forgetDraft, keepDraft, keptDraft } from "./checkout-draft";
import { instalmentChoices, startInstalments } from "./instalment-choice";
import { NoWayToPay, payWays } from "./no-way-to-pay";
import { orderUnconfirmed } from "./order-unconfirmed";
import { placeOrder } from "./place-order";

type Values = CheckoutValues;

/** A signed-in shopper's details from their profile, so they only confirm them. */
async function prefill(c: Context<AppEnv>): Promise<Values> {
  const user = c.get("user");
  if (!user) return {};
  const values: Values = {
    email: user.email,
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    phone: user.phone ?? undefined,
    address: user.address ?? undefined,
    city: user.city ?? undefined,
    region: user.country ?? undefined,
    postcode: user.postcode ?? undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Values;
}

/** The choices a posted form made, for the quote (a value the schema refuses counts as none). */
function choicesOf(raw: Record<string, string>): QuoteChoices {
  return {
    delivery: raw.delivery === "pickup" ? "pickup" : "transport",
    region: raw.region || null,
    payment: raw.payment === "cash" || raw.payment === "online" ? raw.payment : null,
  };
}

/** The form (an island: the shared schema checks it before it is sent) beside the order summary. */
function CheckoutLayout({ view, form }: { view: CartView; form: CheckoutFormProps }) {
  const t = useTexts();
  return (
    <div className="checkout-layout">
      <Island name="checkout-form" component={CheckoutForm} props={form} wake="interaction" />
      <aside className="summary-card" aria-label={t.m.bag.summaryLabel}>
        <h2>{t.m.checkout.yourOrder}</h2>
        <ul className="summary-lines">
          {view.items.map((item) => (
            <li key={item.key}>
              <span>
                {item.quantity} × <ItemName name={item.product?.name ?? item.slug} />
              </span>
              <span>{item.product ? formatPrice(t.locale, item.product.price * item.quantity) : "—"}</span>
            </li>
          ))}
        </ul>
        {/* Each, as the button's total: the style shows the one whose delivery and payment radios are checked
            (commerce.css), so the cash fee is seen before the order is sent, with or without script. */}
        <div className="for-transport">
          <PaidTotals view={view} delivery="transport" />
        </div>
        <div className="for-pickup">
          <PaidTotals view={view} delivery="pickup" label={t.m.checkout.delivery.pickup} />
        </div>
        <a href={routePath("cart")}>{t.m.checkout.editBag}</a>
      </aside>
    </div>
  );
}

async function renderCheckout(
  c: Context<AppEnv>,
  view: CartView,
  values: Values,
  errors: FormErrors<CheckoutField>,
  status: 200 | 422 | 503 = 200,
  notice?: string,
  /** Why cash is offered neither way (a phone with refused parcels, decision 0118), beside the cash radio. */
  cashClosed?: string,
): Promise<Response> {
  const t = textsOf(c);
  const ways = payWays(c.env, view);
  // Nothing can pay for this bag: one notice with what to do, and no form to send (no-way-to-pay.tsx).
  const stuck = !ways.other && !ways.cash && !view.catalogueDown;
  const contacts = stuck ? await getContacts(c, c.get("locale")) : null;
  return renderPage(c, {
    title: t.m.checkout.title,
    description: t.m.checkout.description,
    status,
    body: stuck ? (
      <section className="container page-section narrow">
        <h1>{t.m.checkout.title}</h1>
        <NoWayToPay view={view} contacts={contacts} />
        <a href={routePath("cart")}>{t.m.checkout.editBag}</a>
      </section>
    ) : (
      <section className="container page-section">
        <h1>{t.m.checkout.title}</h1>
        <CheckoutLayout
          view={view}
          form={{
            values,
            errors,
            idempotencyKey: values.idempotencyKey ?? crypto.randomUUID(),
            card: cardAvailability(cardPayments(c.env), t),
            instalments: instalmentChoices(c.env, t, [
              totalsFor(view, "transport").total,
              totalsFor(view, "pickup").total,
            ]),
            notice: notice ?? null,
            totals: buttonTotals(view, t),
            cash: cashFor(view, t, cashClosed),
            ...islandTexts(t, "checkout"),
          }}
        />
      </section>
    ),
  });
}

export async function checkoutPage(c: Context<AppEnv>): Promise<Response> {
  // A signed-in shopper's phone is known already: its refused parcels are read in the bag's batch.
  const view = await loadCartView(c, await readCartOwner(c), undefined, { phone: c.get("user")?.phone ?? null });
  if (view.items.length === 0) return c.redirect(routePath("cart"), 302);
  // The CMS gave no answer: the form still stands, and says why the summary is empty (decision 0101).
  // What this browser typed before a trip to the bag (checkout-draft.ts) over the profile's details.
  const values = { ...(await prefill(c)), ...keptDraft(c) };
  if (view.catalogueDown) return renderCheckout(c, view, values, {}, 503, textsOf(c).m.checkout.catalogueDown);
  return renderCheckout(c, view, values, {});
}

/** The order form: at the orders' limits, which answer a replay with its order first. */
const ORDER_FORM: WriteSpec = {
  body: "form",
  limits: ORDERS,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

/** POST /cart/order: validate, place the order once, then confirmation or the card provider. */
export const checkoutActions = new Hono<AppEnv>();
checkoutActions.post("/", writes(ORDER_FORM), async (c) => {
  const body = await c.req.parseBody();
  const raw = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const values: Values = { ...raw };
  const owner = await readCartOwner(c);
  const key = /^[0-9a-f-]{36}$/.test(raw.idempotencyKey ?? "") ? raw.idempotencyKey : crypto.randomUUID();
  values.idempotencyKey = key;
  const card = cardPayments(c.env);
  const t = textsOf(c);
  const result = checkForm(checkoutSchema(t.m.checkout), raw);
  if (!result.ok || (raw.payment === "online" && !card.available)) {
    const errors = result.ok ? {} : result.errors;
    if (raw.payment === "online" && !card.available) errors.payment = t.m.checkout.cardUnavailable;
    const view = await loadCartView(c, owner, choicesOf(raw), { phone: raw.phone?.trim() || null });
    if (view.items.length === 0) return c.redirect(routePath("cart"), 303);
    return renderCheckout(c, view, values, errors, 422);
  }
  if (!owner) return c.redirect(routePath("cart"), 303);
  const input: CheckoutInput = result.value;
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    placed = await placeOrder(c, owner, input, key, raw.acceptChanges === "yes");
  } catch (error) {
    // D1 failed past its retries, perhaps after the order committed: say so, and let the same key try again.
    log.error("Placing an order could not be confirmed", { error });
    return orderUnconfirmed(c, values as Record<string, string>);
  }
  if (!placed.ok) {
    // Over the orders' limits (a replay of a placed order went on to it already).
    if (placed.reason === "limited") return tooMany(c, placed.refused);
    if (placed.reason === "empty") return c.redirect(routePath("cart"), 303);
    if (placed.reason === "stock") {
      keepDraft(c, values);
      setFlash(c, { kind: "error", text: `${placed.messages.join(". ")}.` });
      return c.redirect(routePath("cart"), 303);
    }
    if (placed.reason === "catalogue-down") {
      // Not placed, and nothing said of stock: the details typed stay in the form to send again.
      const view = await loadCartView(c, owner, choicesOf(raw));
      return renderCheckout(c, view, values, {}, 503, t.m.checkout.catalogueDown);
    }
    if (placed.reason === "code") {
      // The code's sentence on the bag, the bag and its code kept (the field says it again beside it).
      keepDraft(c, values);
      setFlash(c, { kind: "error", text: placed.message });
      return c.redirect(routePath("cart"), 303);
    }
    if (placed.reason === "cash" || placed.reason === "instalments") {
      const view = await loadCartView(c, owner, choicesOf(raw));
      // A refused phone: cash is closed both ways, the card chosen when it can be (the island's rule).
      const closed = placed.reason === "cash" && placed.phone ? placed.message : undefined;
      return renderCheckout(c, view, values, { payment: placed.message }, 422, undefined, closed);
    }
    if (placed.reason === "unavailable") {
      keepDraft(c, values);
      setFlash(c, {
        kind: "error",
        text: t.m.checkout.nowOutOfStock,
      });
      return c.redirect(routePath("cart"), 303);
    }
    const view = await loadCartView(c, owner, choicesOf(raw));
    return renderCheckout(c, view, { ...values, acceptChanges: "yes" }, {}, 422, t.m.checkout.changed);
  }
  const { order } = placed;
  forgetDraft(c);
  const giftsGone = placed.giftsGone ?? [];
  if (giftsGone.length > 0)
    setFlash(c, {
      kind: "info",
      text: giftsGone.map((name) => t.fill(t.m.promotions.giftGone, { name })).join(" "),
    });
  if (order.payment !== "cash" && order.payment !== "online" && order.status === "awaiting_payment") {
    const sent = await startInstalments(c, order, t);
    if (sent) return sent;
  }
  if (order.payment === "online" && order.status === "awaiting_payment" && card.available) {
    const origin = c.env.PUBLIC_ORIGIN || new URL(c.req.url).origin;
    try {
      const session = await card.provider.createCheckoutSession({
        orderNumber: order.number,
        email: order.email,
        amount: order.totals.total,
        lines: [
          ...order.lines.map((l) => ({ name: l.name, unitAmount: l.unitPrice, quantity: l.quantity })),
          ...(order.totals.delivery > 0
            ? [{ name: t.m.checkout.deliveryLine, unitAmount: order.totals.delivery, quantity: 1 }]
            : []),
        ],
        // Back to the order's page in the language it was placed in.
        successUrl: `${origin}${routePath("cart-order-number", { number: order.number }, { query: { paid: 1 }, locale: order.locale })}`,
        cancelUrl: `${origin}${routePath("cart-order-number", { number: order.number }, { query: { cancelled: 1 }, locale: order.locale })}`,
        expiresAt: sessionExpiresAt(order.createdAt),
      });
      await setPaymentReference(c.env.DB, order.id, session.reference);
      return c.redirect(session.redirectUrl, 303);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log.error("Card checkout could not start", { error });
      setFlash(c, {
        kind: "error",
        text: t.m.checkout.cardDown,
      });
    }
  }
  return c.redirect(routePath("cart-order-number", { number: order.number }), 303);
});
