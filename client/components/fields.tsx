import { type ReactNode, type Ref, useContext } from "react";
import { plural } from "../../shared/i18n/format";
import { FormParts } from "./form-parts";

/**
 * Form fields as the brand wants them: label above, helper below, the error
 * beside the field with an icon and text (never colour alone), wired with
 * aria-describedby / aria-invalid so screen readers announce it.
 */
interface FieldProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  /**
   * `true`: the browser checks it too; `"marked"`: marked as needed, but the form's own check decides
   * when (an address a pickup does not need: a hidden field the browser required would block the form).
   */
  required?: boolean | "marked";
  /** Prefix of the field's id (default "field"), for pages with more than one form. */
  idPrefix?: string;
  children: (props: {
    id: string;
    name: string;
    "aria-invalid": boolean | undefined;
    "aria-describedby": string | undefined;
    /** Said to screen readers for a `"marked"` field, which the browser does not check itself. */
    "aria-required": true | undefined;
    required: boolean | undefined;
  }) => ReactNode;
}

export function Field({ name, label, error, hint, required, idPrefix = "field", children }: FieldProps) {
  const parts = useContext(FormParts);
  const id = `${idPrefix}-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true"> *</span>
        ) : (
          parts && <span className="field__optional"> {parts.texts.optional}</span>
        )}
      </label>
      {children({
        id,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": described,
        "aria-required": required === "marked" ? true : undefined,
        required: required === true ? true : undefined,
      })}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p className="field-error" id={id}>
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </p>
  );
}

/** The summary at the top of a form that failed, linking to each field. */
export function ErrorSummary({
  errors,
  labels,
  focusRef,
  idPrefix = "field",
}: {
  errors: Record<string, string | undefined>;
  labels: Record<string, string>;
  focusRef?: Ref<HTMLDivElement>;
  idPrefix?: string;
}) {
  const parts = useContext(FormParts);
  const entries = Object.entries(errors).filter(([, m]) => m);
  if (entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={focusRef}>
      {parts && <p>{plural(parts.locale, parts.texts.checkFields, entries.length)}</p>}
      <ul>
        {entries.map(([field, message]) => (
          <li key={field}>
            <a href={`#${idPrefix}-${field}`}>
              {labels[field] ?? field}: {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
