import type { InputHTMLAttributes } from "react";
import { en } from "../../../../shared/i18n/en";
import { DeskField, DeskOptions } from "../desk/desk-field";
import type { DraftErrors } from "./promotion-draft";

/** One field of a promotion's form, its refusal announced beside it; `options` makes it a select. */
function Field({
  name,
  label,
  errors,
  values,
  errorKey,
  prefix,
  input,
  hint,
  options,
}: {
  prefix: string;
  /** How a phone's keyboard serves it: a number pad, a date picker, no capital letter added to a slug. */
  input?: Pick<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "inputMode" | "autoCapitalize" | "spellCheck" | "dir" | "lang"
  >;
  name: string;
  label: string;
  errors: DraftErrors;
  values: Record<string, string>;
  errorKey?: string;
  /** A line under the field, not read with it. */
  hint?: string;
  /** The choices as [value, words], the first chosen when the form has no value. */
  options?: readonly (readonly [string, string])[];
}) {
  return (
    <DeskField
      id={`${prefix}-${name}`}
      label={label}
      error={errors[errorKey ?? name]}
      name={name}
      value={values[name]}
      input={input}
      note={hint}
      announced
    >
      {options &&
        (({ id }) => (
          <select id={id} name={name} defaultValue={values[name] ?? options[0]![0]}>
            <DeskOptions options={options} />
          </select>
        ))}
    </DeskField>
  );
}

/** The keyboards of the form's inputs: a slug or SKU as typed, a count, an amount in AED, a moment. */
const AS_TYPED = { autoCapitalize: "none", spellCheck: false } as const;
const COUNT = { inputMode: "numeric" } as const;
const AED = { inputMode: "decimal" } as const;
const WHEN = { type: "datetime-local" } as const;

/** A yes-or-no of the form, ticked when the form's value is "yes". */
function Check({
  id,
  name,
  label,
  values,
}: {
  id: string;
  name: string;
  label: string;
  values: Record<string, string>;
}) {
  return (
    <div className="field field--check">
      <input id={id} type="checkbox" name={name} value="yes" defaultChecked={values[name] === "yes"} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

const APPLIES = [
  ["auto", "Automatically"],
  ["code", "With a code"],
] as const;

const KINDS = [
  ["percent", "A percentage off"],
  ["fixed", "An amount off"],
  ["free_delivery", "Free delivery"],
  ["gift", "A gift"],
  ["buy_get", "Buy X, get Y free"],
] as const;

const TARGETS = [
  ["order", "The whole order"],
  ["product", "Products"],
  ["variant", "Variants (SKUs)"],
  ["category", "Categories"],
  ["brand", "Brands"],
] as const;

/**
 * The fields of a promotion's form: adding one, or changing one (`changing`: how it applies and its code
 * are left out, so codes already handed out stay valid; the fields' ids are prefixed apart from the add form's).
 */
export function PromotionFields({
  values,
  errors,
  changing = false,
}: {
  values: Record<string, string>;
  errors: DraftErrors;
  changing?: boolean;
}) {
  const f = { values, errors, prefix: changing ? "change" : "promotion" };
  return (
    <>
      <Field name="name" label="Name (shoppers read it on the discount line)" {...f} />
      <Field
        name="nameAr"
        input={{ dir: "rtl", lang: "ar" }}
        label={en.promotions.deskNameAr.label}
        hint={en.promotions.deskNameAr.hint}
        {...f}
      />
      {!changing && (
        <>
          <Field name="applies" label="How it applies" options={APPLIES} {...f} />
          <Field
            name="code"
            input={{ autoCapitalize: "characters", spellCheck: false }}
            label="Code (for one shared code; single-use codes are made on its page)"
            {...f}
          />
        </>
      )}
      <Field name="kind" label="What it gives" options={KINDS} {...f} />
      <Field name="percent" input={COUNT} label="Percentage off" {...f} />
      <Field name="cap" input={AED} label="Cap in AED (for a percentage; empty for none)" {...f} />
      <Field
        name="amount"
        input={AED}
        label="Amount off in AED (on products: off each unit; on the whole order: once)"
        {...f}
      />
      <Field name="giftSlug" input={AS_TYPED} label="Gift: product slug" errorKey="gift" {...f} />
      <Field name="giftVariant" input={AS_TYPED} label="Gift: variant SKU (a shade or size; empty for none)" {...f} />
      <Field name="giftSku" input={AS_TYPED} label="Gift: stock SKU (empty: the variant's)" {...f} />
      <Field name="buy" input={COUNT} label="Buy (how many)" errorKey="buyGet" {...f} />
      <Field name="get" input={COUNT} label="Get free (how many)" {...f} />
      <Field name="targetKind" label="On what" options={TARGETS} {...f} />
      <Field name="targetValues" input={AS_TYPED} label="Which (slugs or SKUs, separated by commas)" {...f} />
      <Field name="minSubtotal" input={AED} label="Minimum subtotal in AED" {...f} />
      <Field name="minQuantity" input={COUNT} label="Minimum items" {...f} />
      <Field name="startsAt" input={WHEN} label="Starts (Dubai time)" {...f} />
      <Field name="endsAt" input={WHEN} label="Ends (Dubai time)" {...f} />
      <Field name="usesMax" input={COUNT} label="Uses in all (empty: no limit)" {...f} />
      <Field name="usesPerShopper" input={COUNT} label="Uses per shopper (empty: no limit)" {...f} />
      <Field name="priority" input={COUNT} label="Priority (higher applies first)" {...f} />
      <Check id={`${f.prefix}-combinable`} name="combinable" label="Combinable with other promotions" values={values} />
      <Check id={`${f.prefix}-first`} name="firstOrderOnly" label="First order only" values={values} />
    </>
  );
}
