import type { ReactNode } from "react";
import type { DraftErrors } from "./promotion-draft";

/** The add-a-promotion form's fields (the desk is in English), each refusal beside its field. */
function Field({
  name,
  label,
  errors,
  values,
  hint,
  errorKey,
  children,
}: {
  name: string;
  label: string;
  errors: DraftErrors;
  values: Record<string, string>;
  hint?: string;
  errorKey?: string;
  children?: ReactNode;
}) {
  const error = errors[errorKey ?? name];
  const id = `promotion-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children ?? (
        <input
          id={id}
          name={name}
          defaultValue={values[name] ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      )}
      {hint && <p className="muted small">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Select({
  name,
  values,
  options,
}: {
  name: string;
  values: Record<string, string>;
  options: [string, string][];
}) {
  return (
    <select id={`promotion-${name}`} name={name} defaultValue={values[name] ?? options[0]![0]}>
      {options.map(([value, words]) => (
        <option key={value} value={value}>
          {words}
        </option>
      ))}
    </select>
  );
}

export function PromotionFields({ values, errors }: { values: Record<string, string>; errors: DraftErrors }) {
  const f = { values, errors };
  return (
    <>
      <Field name="name" label="Name (shoppers read it on the discount line)" {...f} />
      <Field name="applies" label="How it applies" {...f}>
        <Select
          name="applies"
          values={values}
          options={[
            ["auto", "Automatically"],
            ["code", "With a code"],
          ]}
        />
      </Field>
      <Field name="code" label="Code (for one shared code; single-use codes are made on its page)" {...f} />
      <Field name="kind" label="What it gives" {...f}>
        <Select
          name="kind"
          values={values}
          options={[
            ["percent", "A percentage off"],
            ["fixed", "An amount off"],
            ["free_delivery", "Free delivery"],
            ["gift", "A gift"],
            ["buy_get", "Buy X, get Y free"],
          ]}
        />
      </Field>
      <Field name="percent" label="Percentage off" {...f} />
      <Field name="cap" label="Cap in AED (for a percentage; empty for none)" {...f} />
      <Field name="amount" label="Amount off in AED" {...f} />
      <Field name="giftSlug" label="Gift: product slug" errorKey="gift" {...f} />
      <Field name="giftVariant" label="Gift: variant SKU (a shade or size; empty for none)" {...f} />
      <Field name="giftSku" label="Gift: stock SKU (empty: the variant's)" {...f} />
      <Field name="buy" label="Buy (how many)" errorKey="buyGet" {...f} />
      <Field name="get" label="Get free (how many)" {...f} />
      <Field name="targetKind" label="On what" {...f}>
        <Select
          name="targetKind"
          values={values}
          options={[
            ["order", "The whole order"],
            ["product", "Products"],
            ["variant", "Variants (SKUs)"],
            ["category", "Categories"],
            ["brand", "Brands"],
          ]}
        />
      </Field>
      <Field name="targetValues" label="Which (slugs or SKUs, separated by commas)" {...f} />
      <Field name="minSubtotal" label="Minimum subtotal in AED" {...f} />
      <Field name="minQuantity" label="Minimum items" {...f} />
      <Field name="startsAt" label="Starts (Dubai time, like 2026-12-01T09:00)" {...f} />
      <Field name="endsAt" label="Ends (Dubai time)" {...f} />
      <Field name="usesMax" label="Uses in all (empty: no limit)" {...f} />
      <Field name="usesPerShopper" label="Uses per shopper (empty: no limit)" {...f} />
      <Field name="priority" label="Priority (higher applies first)" {...f} />
      <div className="field field--check">
        <input
          id="promotion-combinable"
          type="checkbox"
          name="combinable"
          value="yes"
          defaultChecked={values.combinable === "yes"}
        />
        <label htmlFor="promotion-combinable">Combinable with other promotions</label>
      </div>
      <div className="field field--check">
        <input
          id="promotion-first"
          type="checkbox"
          name="firstOrderOnly"
          value="yes"
          defaultChecked={values.firstOrderOnly === "yes"}
        />
        <label htmlFor="promotion-first">First order only</label>
      </div>
    </>
  );
}
