import type { InputHTMLAttributes, ReactNode } from "react";

/** What a field's control takes from its field: its id, and whether it is wrong and what describes it. */
export interface ControlAria {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * One field of a desk form (the desk is in English): its label, its control, a hint, and its refusal
 * beside it (`${id}-error`), which the control is described by. The control is an <input> by `name`
 * unless `children` draws another (a select, a textarea) from the attributes it is given.
 *
 * Two ways of showing a refusal stand on the desk, each kept as its forms' tests and styles read it:
 * `announced` (the promotion, settings and VAT register forms) says it aloud as it appears (role="alert");
 * otherwise the field is marked invalid (field--invalid, its control's border in the error colour) and
 * the words sit in a span.
 */
export function DeskField({
  id,
  label,
  error,
  name,
  value,
  input,
  hint,
  hintGivesWay = false,
  note,
  describedAfter,
  announced = false,
  className,
  children,
  below,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  name?: string;
  value?: string;
  input?: InputHTMLAttributes<HTMLInputElement>;
  /** A hint under the control (`${id}-hint`), read with it; `hintGivesWay`: the refusal takes its place. */
  hint?: ReactNode;
  hintGivesWay?: boolean;
  /** A quieter line under the control that it is not described by (the promotion form's). */
  note?: ReactNode;
  /** The id of a note after the refusal that the control is described by too (drawn in `below`). */
  describedAfter?: string;
  announced?: boolean;
  /** More classes of the field's box. */
  className?: string;
  children?: (aria: ControlAria) => ReactNode;
  /** What follows the refusal inside the field's box. */
  below?: ReactNode;
}) {
  const showHint = hint !== undefined && !(hintGivesWay && error);
  const described = [showHint ? `${id}-hint` : "", error ? `${id}-error` : "", describedAfter ?? ""]
    .filter(Boolean)
    .join(" ");
  const aria: ControlAria = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described || undefined,
  };
  const boxClass = ["field", className, error && !announced ? "field--invalid" : ""].filter(Boolean).join(" ");
  return (
    <div className={boxClass}>
      <label htmlFor={id}>{label}</label>
      {children ? (
        children(aria)
      ) : (
        <input
          id={id}
          name={name}
          defaultValue={value ?? ""}
          {...input}
          aria-invalid={aria["aria-invalid"]}
          aria-describedby={aria["aria-describedby"]}
        />
      )}
      {showHint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {note && <p className="muted small">{note}</p>}
      {error &&
        (announced ? (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        ) : (
          <p className="field-error" id={`${id}-error`}>
            <span>{error}</span>
          </p>
        ))}
      {below}
    </div>
  );
}

/** A select's options from [value, words] pairs, in their order. */
export function DeskOptions({ options }: { options: readonly (readonly [string, string])[] }) {
  return options.map(([value, words]) => (
    <option key={value} value={value}>
      {words}
    </option>
  ));
}
