/**
 * The checkout form. Server-rendered with the server's errors; once the
 * shopper touches it, it checks itself with the same schema the server uses,
 * so mistakes show beside the fields before anything is sent.
 */
import { type CheckoutField, checkoutSchema, EMIRATES } from "../../shared/forms/checkout";
import type { FormErrors } from "../../shared/forms/form-result";
import { fill } from "../../shared/i18n/format";
import type { IslandTexts } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";
import { ByEmirate, type ByEmirateValues } from "../components/by-emirate";
import { ErrorSummary, Field } from "../components/fields";
import { useFormSubmit } from "../components/use-form-submit";

export type CheckoutValues = Partial<Record<CheckoutField | "idempotencyKey" | "acceptChanges", string>>;

export interface CheckoutFormProps extends IslandTexts<"checkout"> {
  values: CheckoutValues;
  errors: FormErrors<CheckoutField>;
  idempotencyKey: string;
  card: { available: boolean; reason: string | null };
  /** Paying in four, offered only when configured and within the provider's limits (decision 0119). */
  instalments: { id: "tabby" | "tamara"; hint: string }[];
  notice: string | null;
  /**
   * The total as the button shows it ("AED 223.00") for each way of getting the order: both are drawn,
   * and the page's style shows the one whose radio is checked (commerce.css), with or without script.
   */
  totals: {
    /** A delivery's, for each emirate whose fee is its own and for the others (components/by-emirate.tsx). */
    transport: ByEmirateValues<Record<"cash" | "online", string>>;
    pickup: Record<"cash" | "online", string>;
  };
  /** Why cash on delivery is not offered for each way of getting the order (above the largest cash order), or null. */
  cash: Record<"transport" | "pickup", string | null>;
}

/** The button's words for one way of getting the order, for each way of paying (the style shows one). */
function PlaceOrder({
  template,
  totals,
  locale,
}: {
  template: string;
  totals: Record<"cash" | "online", string>;
  locale: CheckoutFormProps["locale"];
}) {
  return (
    <>
      <span className="for-cash">{fill(locale, template, { total: totals.cash })}</span>
      <span className="for-online">{fill(locale, template, { total: totals.online })}</span>
    </>
  );
}

export default function CheckoutForm(props: CheckoutFormProps) {
  const { values, idempotencyKey, card, instalments, cash, notice, totals, locale, texts } = props;
  const LABELS = texts.labels;
  // Checked here before it goes (the server checks it again); a form that passes is posted by the browser.
  const { errors, summary, formProps } = useFormSubmit({
    // The schema in the page's language: built once for this section's texts.
    schema: checkoutSchema(texts),
    send: "browser",
    errors: props.errors,
  });
  const delivery = values.delivery ?? "transport";
  // Cash is taken away only when another way to pay is there instead and cash is refused both ways; else the server says so.
  const other = card.available || instalments.length > 0;
  const cashOffered = !other || !cash.transport || !cash.pickup;
  const offered = (method: string) =>
    method === "cash" ? cashOffered : method === "online" ? card.available : instalments.some((i) => i.id === method);
  const chosen = values.payment ?? "cash";
  const fallback = cashOffered ? "cash" : card.available ? "online" : (instalments[0]?.id ?? "cash");
  const payment = offered(chosen) ? chosen : fallback;
  const cashHint = [cash.transport && "cash-refused-transport", cash.pickup && "cash-refused-pickup"]
    .filter(Boolean)
    .join(" ");

  return (
    <form method="post" action={routePath("cart-order")} className="checkout-form" {...formProps}>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {values.acceptChanges === "yes" && <input type="hidden" name="acceptChanges" value="yes" />}
      {notice && (
        <div className="notice notice--info" role="alert">
          {notice}
        </div>
      )}
      <ErrorSummary errors={errors} labels={LABELS} focusRef={summary} />
      <fieldset>
        <legend>{texts.yourDetails}</legend>
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
          <Field name="phone" label={LABELS.phone} error={errors.phone} required hint={texts.phoneHint}>
            {(p) => <input {...p} type="tel" autoComplete="tel" defaultValue={values.phone} />}
          </Field>
        </div>
      </fieldset>
      <fieldset>
        <legend>{LABELS.delivery}</legend>
        <div className="choice-list">
          <label className="choice">
            <input type="radio" name="delivery" value="transport" defaultChecked={delivery === "transport"} />
            <span>{texts.delivery.transport}</span>
          </label>
          <label className="choice">
            <input type="radio" name="delivery" value="pickup" defaultChecked={delivery === "pickup"} />
            <span>{texts.delivery.pickup}</span>
          </label>
        </div>
        <p className="field__hint for-pickup">{texts.pickupNote}</p>
        {/* What only a delivery needs, shown only when delivery is chosen (commerce.css), with or without script. */}
        <div className="for-transport">
          <Field name="address" label={LABELS.address} error={errors.address} required="marked">
            {(p) => <input {...p} type="text" autoComplete="address-line1" defaultValue={values.address} />}
          </Field>
          <div className="field-row">
            <Field name="city" label={LABELS.city} error={errors.city} required="marked">
              {(p) => <input {...p} type="text" autoComplete="address-level2" defaultValue={values.city} />}
            </Field>
            <Field name="region" label={LABELS.region} error={errors.region} required="marked">
              {(p) => (
                <select {...p} autoComplete="address-level1" defaultValue={values.region ?? ""}>
                  <option value="">{texts.chooseEmirate}</option>
                  {EMIRATES.map((emirate) => (
                    <option key={emirate} value={emirate}>
                      {texts.emirates[emirate]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </div>
        <Field name="notes" label={LABELS.notes} error={errors.notes}>
          {(p) => <textarea {...p} rows={3} defaultValue={values.notes} />}
        </Field>
        <p className="muted small">{texts.shippingNote}</p>
      </fieldset>
      <fieldset>
        <legend>{texts.business}</legend>
        <p className="field__hint">{texts.businessNote}</p>
        <div className="field-row">
          <Field name="company" label={LABELS.company} error={errors.company}>
            {(p) => <input {...p} type="text" autoComplete="organization" defaultValue={values.company} />}
          </Field>
          <Field name="trn" label={LABELS.trn} error={errors.trn}>
            {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="off" defaultValue={values.trn} />}
          </Field>
        </div>
        {/* The company's own address for its full tax invoice: a pickup has no delivery address to print. */}
        <Field name="companyAddress" label={LABELS.companyAddress} error={errors.companyAddress}>
          {(p) => <input {...p} type="text" autoComplete="off" maxLength={300} defaultValue={values.companyAddress} />}
        </Field>
      </fieldset>
      <fieldset>
        <legend>{LABELS.payment}</legend>
        <div className="choice-list">
          <label className={`choice${cashOffered ? "" : " choice--disabled"}`}>
            <input
              type="radio"
              name="payment"
              value="cash"
              defaultChecked={payment === "cash"}
              disabled={!cashOffered}
              aria-describedby={cashHint || undefined}
            />
            <span>{texts.payment.cash}</span>
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
            <span>{texts.payment.online}</span>
          </label>
          {instalments.map(({ id, hint }) => (
            <label className="choice" key={id}>
              <input type="radio" name="payment" value={id} defaultChecked={payment === id} />
              <span>
                {texts.payment[id]} <span className="muted small">({hint})</span>
              </span>
            </label>
          ))}
        </div>
        {/* Above the largest cash order: why, for the way of getting the order that is chosen (commerce.css). */}
        {cash.transport && (
          <p className="field__hint for-transport" id="cash-refused-transport">
            {cash.transport}
          </p>
        )}
        {cash.pickup && (
          <p className="field__hint for-pickup" id="cash-refused-pickup">
            {cash.pickup}
          </p>
        )}
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
          <span>{texts.consent}</span>
        </label>
        {/* Beside the box, not in its label: tapping the sentence ticks the box, the link opens the policy. */}
        <p className="field__hint">
          <a href={routePath("privacy-policy")}>{texts.privacyLink}</a>
        </p>
        {errors.consent && (
          <p className="field-error" id="field-consent-error">
            {errors.consent}
          </p>
        )}
      </div>
      <button type="submit" className="button button--block">
        <span className="for-transport">
          <ByEmirate
            tag="span"
            values={totals.transport}
            render={(paid) => <PlaceOrder template={texts.placeOrder} totals={paid} locale={locale} />}
          />
        </span>
        <span className="for-pickup">
          <PlaceOrder template={texts.placeOrder} totals={totals.pickup} locale={locale} />
        </span>
      </button>
    </form>
  );
}
