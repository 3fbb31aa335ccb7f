import type { ReactNode } from "react";
import { useTexts } from "../../frame/i18n/texts";

/**
 * Building blocks of the account forms: a label above each field, helper text
 * below, the error beside it in red with an icon (never colour alone), and the
 * field tied to both with aria-describedby.
 */
export type FieldErrors = Partial<Record<string, string>>;

function ErrorIcon() {
  return (
    <svg className="field-error__icon" width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="M12 7v6m0 3.5v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  type?: "text" | "email" | "password" | "tel";
  value?: string | null;
  error?: string;
  hint?: ReactNode;
  autoComplete?: string;
  required?: boolean;
  inputMode?: "email" | "tel" | "text";
  maxLength?: number;
}

export function Field({
  name,
  label,
  type = "text",
  value,
  error,
  hint,
  autoComplete,
  required,
  inputMode,
  maxLength,
}: FieldProps) {
  const t = useTexts();
  const id = `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        {!required && <span className="field__optional">{t.m.account.optional}</span>}
      </label>
      <input
        className="field__input"
        id={id}
        name={name}
        type={type}
        defaultValue={type === "password" ? undefined : (value ?? "")}
        autoComplete={autoComplete}
        required={required}
        inputMode={inputMode}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={type === "email" || name === "username" ? false : undefined}
        // An e-mail field is never capitalised, and autocapitalize is not an attribute it may carry.
        autoCapitalize={type !== "email" && name === "username" ? "none" : undefined}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <ErrorIcon />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}

/** A message about the whole form (role=alert so screen readers hear it after the post). */
export function FormAlert({ tone = "error", children }: { tone?: "error" | "success" | "info"; children: ReactNode }) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** The calm, centred card the sign-in, sign-up and password screens share. */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="container auth-screen">
      <div className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {lead && <p className="auth-card__lead">{lead}</p>}
        {children}
      </div>
      {footer && <div className="auth-screen__footer">{footer}</div>}
    </section>
  );
}
