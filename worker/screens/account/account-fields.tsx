import type { ReactNode } from "react";
import { routePath } from "../../../shared/links";
import { Rich, useTexts } from "../../frame/i18n/texts";
import { Field } from "./account-ui";
import type { FriendlyError } from "./friendly-errors";

/**
 * The fields the sign-in, sign-up and password forms share, each written once: the e-mail, a
 * password, and the new password typed twice. Names and autocomplete tokens are what password
 * managers go by, so every form that asks for the same thing asks for it the same way.
 */
export function EmailField({ value, error }: { value?: string; error?: string }) {
  return (
    <Field
      name="email"
      label={useTexts().m.account.email}
      type="email"
      inputMode="email"
      autoComplete="email"
      value={value}
      error={error}
      required
    />
  );
}

export function PasswordField({
  name = "password",
  label,
  autoComplete,
  error,
  hint,
}: {
  name?: string;
  label: string;
  autoComplete: "current-password" | "new-password";
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <Field name={name} label={label} type="password" autoComplete={autoComplete} error={error} hint={hint} required />
  );
}

/** A new password and the same again (from a reset link, or changed when signed in). */
export function NewPasswordFields({ error, confirmError }: { error?: string; confirmError?: string }) {
  const a = useTexts().m.account;
  return (
    <>
      <PasswordField label={a.newPassword} autoComplete="new-password" error={error} />
      <PasswordField
        name="passwordConfirmation"
        label={a.repeatNewPassword}
        autoComplete="new-password"
        error={confirmError}
      />
    </>
  );
}

/** An account form: posted without JavaScript, checked on the server; `redirect` goes on after signing in. */
export function AccountForm({
  action,
  redirect,
  children,
}: {
  action: string;
  redirect?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action} className="account-form" noValidate>
      {redirect !== undefined && <input type="hidden" name="redirect" value={redirect} />}
      {children}
    </form>
  );
}

/** A path of the account area that goes on to `redirect` after signing in (the account itself needs no query). */
export function withRedirect(path: string, redirect: string): string {
  return redirect === routePath("user") ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}

/** Under the sign-in card the way to sign up, and the other way round, keeping where to go after. */
export function OtherWayIn({
  text,
  path,
  label,
  redirect,
}: {
  text: string;
  path: string;
  label: string;
  redirect: string;
}) {
  return (
    <p>
      <Rich text={text} parts={{ link: <a href={withRedirect(path, redirect)}>{label}</a> }} />
    </p>
  );
}

export function SubmitButton({ children }: { children: ReactNode }) {
  return (
    <button type="submit" className="button account-form__submit">
      {children}
    </button>
  );
}

/**
 * A refusal as the form shows it: beside the field it names when the form has that field (`fieldOf`
 * maps the CMS's name to the form's, or says the form has none), else above the form.
 */
export function refusalState(
  problem: FriendlyError,
  fieldOf: (field: string) => string | null = (field) => field,
): { errors: Record<string, string> } | { alert: string } {
  const field = problem.field === null ? null : fieldOf(problem.field);
  return field ? { errors: { [field]: problem.message } } : { alert: problem.message };
}
