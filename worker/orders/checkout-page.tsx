import type { Context } from "hono";
import { Hono } from "hono";
import type { CheckoutField, CheckoutInput, FieldErrors } from "../../shared/checkout-schema";
import { EMIRATES, validateCheckout } from "../../shared/checkout-schema";
import { formatAed } from "../../shared/money";
import { text } from "../../shared/text";
import type { AppEnv } from "../app-env";
import { readCartOwner } from "../cart/cart-owner";
import { TotalsTable } from "../cart/cart-page";
import type { CartView } from "../cart/cart-view";
import { loadCartView } from "../cart/cart-view";
import { ErrorSummary, Field } from "../forms/fields";
import { type CardPayments, cardPayments } from "../payments/configured-provider";
import { PaymentProviderError } from "../payments/payment-provider";
import { setFlash } from "../render/flash";
import { renderPage } from "../render/render-page";
import { csrfToken, verifyCsrf } from "../security/csrf";
import { setPaymentReference } from "./order-store";
import { placeOrder } from "./place-order";

const LABELS: Record<CheckoutField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  delivery: "Delivery",
  address: "Address",
  city: "City",
  region: "Emirate or country",
  postcode: "Postcode",
  notes: "Order notes",
  payment: "Payment",
  consent: "Privacy policy",
};

type Values = Partial<Record<CheckoutField | "idempotencyKey" | "acceptChanges", string>>;

interface CheckoutFormProps {
  view: CartView;
  values: Values;
  errors: FieldErrors<CheckoutField>;
  csrf: string;
  idempotencyKey: string;
  card: CardPayments;
  notice?: string;
}

function CheckoutForm({ view, values, errors, csrf, idempotencyKey, card, notice }: CheckoutFormProps) {
  const delivery = values.delivery ?? "transport";
  const payment = card.available ? (values.payment ?? "cash") : "cash";
  return (
    <div className="checkout-layout">
      <form method="post" action="/cart/order" className="checkout-form" noValidate>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {values.acceptChanges === "yes" && <input type="hidden" name="acceptChanges" value="yes" />}
        {notice && (
          <div className="notice notice--info" role="alert">
            {notice}
          </div>
        )}
        <ErrorSummary errors={errors} labels={LABELS} />
        <fieldset>
          <legend>Your details</legend>
          <div className="field-row">
            <Field name="firstName" label={LABELS.firstName} error={errors.firstName} required>
              {(p) => <input {...p} type="text" autoComplete="given-name" defaultValue={values.firstName} />}
            </Field>
            <Field name="lastName" label={LABELS.lastName} error={errors.lastName} required>
              {(p) => <input {...p} type="text" autoComplete="family-name" defaultValue={values.lastName} />}
            </Field>
          </div>
          <div className="field-row">
            <Field name="email" label={LABELS.email} error={errors.email} required>
              {(p) => <input {...p} type="email" autoComplete="email" defaultValue={values.email} />}
            </Field>
            <Field
              name="phone"
              label={LABELS.phone}
              error={errors.phone}
              required
              hint="A UAE number like 050 123 4567, or international with +"
            >
              {(p) => <input {...p} type="tel" autoComplete="tel" defaultValue={values.phone} />}
            </Field>
          </div>
        </fieldset>
        <fieldset>
          <legend>Delivery</legend>
          <div className="choice-list">
            <label className="choice">
              <input type="radio" name="delivery" value="transport" defaultChecked={delivery === "transport"} />
              <span>{text.delivery.transport}</span>
            </label>
            <label className="choice">
              <input type="radio" name="delivery" value="pickup" defaultChecked={delivery === "pickup"} />
              <span>{text.delivery.pickup}</span>
            </label>
          </div>
          <p className="field__hint">Address fields are needed for delivery only.</p>
          <Field name="address" label={LABELS.address} error={errors.address}>
            {(p) => <input {...p} type="text" autoComplete="street-address" defaultValue={values.address} />}
          </Field>
          <div className="field-row">
            <Field name="city" label={LABELS.city} error={errors.city}>
              {(p) => <input {...p} type="text" autoComplete="address-level2" defaultValue={values.city} />}
            </Field>
            <Field name="region" label={LABELS.region} error={errors.region}>
              {(p) => (
                <input {...p} type="text" list="emirates" autoComplete="address-level1" defaultValue={values.region} />
              )}
            </Field>
          </div>
          <datalist id="emirates">
            {EMIRATES.map((e) => (
              <option key={e} value={e} />
            ))}
          </datalist>
          <Field
            name="postcode"
            label={LABELS.postcode}
            error={errors.postcode}
            hint="The UAE has no postcodes: leave it empty."
          >
            {(p) => <input {...p} type="text" autoComplete="postal-code" defaultValue={values.postcode} />}
          </Field>
          <Field name="notes" label={LABELS.notes} error={errors.notes}>
            {(p) => <textarea {...p} rows={3} defaultValue={values.notes} />}
          </Field>
          <p className="muted small">{text.shippingNote}</p>
        </fieldset>
        <fieldset>
          <legend>Payment</legend>
          <div className="choice-list">
            <label className="choice">
              <input type="radio" name="payment" value="cash" defaultChecked={payment === "cash"} />
              <span>{text.payment.cash}</span>
            </label>
            <label className={`choice${card.available ? "" : " choice--disabled"}`}>
              <input
                type="radio"
                name="payment"
                value="online"
                defaultChecked={payment === "online"}
                disabled={!card.available}
                aria-describedby={card.available ? undefined : "card-unavailable"}
              />
              <span>{text.payment.online}</span>
            </label>
          </div>
          {!card.available && (
            <p className="field__hint" id="card-unavailable">
              {card.reason}
            </p>
          )}
          {errors.payment && <p className="field-error">{errors.payment}</p>}
        </fieldset>
        <div className={`field${errors.consent ? " field--invalid" : ""}`}>
          <label className="choice">
            <input
              id="field-consent"
              type="checkbox"
              name="consent"
              defaultChecked={values.consent === "on"}
              aria-describedby={errors.consent ? "field-consent-error" : undefined}
            />
            <span>
              <a href="/privacy-policy">{text.consent}</a>
            </span>
          </label>
          {errors.consent && (
            <p className="field-error" id="field-consent-error">
              {errors.consent}
            </p>
          )}
        </div>
        <button type="submit" className="button button--block">
          Place order · {formatAed(view.totals.total)}
        </button>
      </form>
      <aside className="summary-card" aria-label="Order summary">
        <h2>Your order</h2>
        <ul className="summary-lines">
          {view.items.map((item) => (
            <li key={item.slug}>
              <span>
                {item.quantity} × {item.product?.name ?? item.slug}
              </span>
              <span>{item.product ? formatAed(item.product.price * item.quantity) : "—"}</span>
            </li>
          ))}
        </ul>
        <TotalsTable view={view} />
        <a href="/cart">Edit bag</a>
      </aside>
    </div>
  );
}

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

async function renderCheckout(
  c: Context<AppEnv>,
  view: CartView,
  values: Values,
  errors: FieldErrors<CheckoutField>,
  status: 200 | 422 = 200,
  notice?: string,
): Promise<Response> {
  return renderPage(c, {
    title: "Checkout",
    description: "Place your order at Noor Beauty.",
    status,
    body: (
      <section className="container page-section">
        <h1>Checkout</h1>
        <CheckoutForm
          view={view}
          values={values}
          errors={errors}
          csrf={await csrfToken(c)}
          idempotencyKey={values.idempotencyKey ?? crypto.randomUUID()}
          card={cardPayments(c.env)}
          notice={notice}
        />
      </section>
    ),
  });
}

export async function checkoutPage(c: Context<AppEnv>): Promise<Response> {
  const view = await loadCartView(c, await readCartOwner(c));
  if (view.items.length === 0) return c.redirect("/cart", 302);
  return renderCheckout(c, view, await prefill(c), {});
}

/** POST /cart/order: validate, place the order once, then confirmation or the card provider. */
export const checkoutActions = new Hono<AppEnv>();
checkoutActions.use(verifyCsrf);
checkoutActions.post("/", async (c) => {
  const body = await c.req.parseBody();
  const raw = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : ""]));
  const values: Values = { ...raw };
  const owner = await readCartOwner(c);
  const key = /^[0-9a-f-]{36}$/.test(raw.idempotencyKey ?? "") ? raw.idempotencyKey : crypto.randomUUID();
  values.idempotencyKey = key;
  const card = cardPayments(c.env);
  const result = validateCheckout(raw);
  if (!result.ok || (raw.payment === "online" && !card.available)) {
    const errors = result.ok ? {} : result.errors;
    if (raw.payment === "online" && !card.available) errors.payment = card.reason;
    const view = await loadCartView(c, owner, raw.delivery === "pickup" ? "pickup" : "transport");
    if (view.items.length === 0) return c.redirect("/cart", 303);
    return renderCheckout(c, view, values, errors, 422);
  }
  if (!owner) return c.redirect("/cart", 303);
  const input: CheckoutInput = result.value;
  const placed = await placeOrder(c, owner, input, key, raw.acceptChanges === "yes");
  if (!placed.ok) {
    if (placed.reason === "empty") return c.redirect("/cart", 303);
    if (placed.reason === "unavailable") {
      setFlash(c, {
        kind: "error",
        text: "Some products in your bag are out of stock now. Please remove them to continue.",
      });
      return c.redirect("/cart", 303);
    }
    const view = await loadCartView(c, owner, input.delivery);
    return renderCheckout(
      c,
      view,
      { ...values, acceptChanges: "yes" },
      {},
      422,
      "Some prices or availability changed since you added them. Please check the summary and place the order again.",
    );
  }
  const { order } = placed;
  if (order.payment === "online" && order.status === "awaiting_payment" && card.available) {
    const origin = c.env.PUBLIC_ORIGIN || new URL(c.req.url).origin;
    try {
      const session = await card.provider.createCheckoutSession({
        orderNumber: order.number,
        email: order.email,
        amount: order.totals.total,
        lines: [
          ...order.lines.map((l) => ({ name: l.name, unitAmount: l.unitPrice, quantity: l.quantity })),
          ...(order.totals.delivery > 0 ? [{ name: "Delivery", unitAmount: order.totals.delivery, quantity: 1 }] : []),
        ],
        successUrl: `${origin}/cart/order/${order.number}?paid=1`,
        cancelUrl: `${origin}/cart/order/${order.number}?cancelled=1`,
      });
      await setPaymentReference(c.env.DB, order.id, session.reference);
      return c.redirect(session.redirectUrl, 303);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error("Card checkout could not start:", error);
      setFlash(c, {
        kind: "error",
        text: "We could not reach the card payment service. Your order is saved; we will call you to arrange payment.",
      });
    }
  }
  return c.redirect(`/cart/order/${order.number}`, 303);
});
