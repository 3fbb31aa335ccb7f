import type { Context } from "hono";
import { PASSWORD_RULES } from "../../../shared/forms/account";
import type { AppEnv } from "../../platform/app-env";
import { noticeFrom, renderAccountPage } from "./account-render";
import { AuthCard, Field, type FieldErrors, FormAlert } from "./account-ui";

/**
 * /user/password, three ways: signed in, change it (current, new, confirm);
 * signed out, ask for a reset link; from the link (?code=), set a new one.
 */
export interface PasswordState {
  email?: string;
  errors?: FieldErrors;
  alert?: string;
  /** The reset code, when the form came from an e-mail link. */
  code?: string;
}

export async function renderPassword(c: Context<AppEnv>, state: PasswordState = {}, status = 200): Promise<Response> {
  const user = c.get("user");
  const errors = state.errors ?? {};
  const code = state.code ?? c.req.query("code") ?? "";
  const notice = status === 200 ? noticeFrom(c) : null;
  const alerts = (
    <>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {state.alert && <FormAlert>{state.alert}</FormAlert>}
    </>
  );
  let title: string;
  let body: React.ReactNode;
  if (code) {
    title = "Choose a new password";
    body = (
      <AuthCard title={title} lead={PASSWORD_RULES}>
        {alerts}
        <form method="post" action="/user/password/reset" className="account-form" noValidate>
          <input type="hidden" name="code" value={code} />
          <Field
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password ?? errors.code}
            required
          />
          <Field
            name="passwordConfirmation"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            error={errors.passwordConfirmation}
            required
          />
          <button type="submit" className="button account-form__submit">
            Save new password
          </button>
        </form>
        <p className="auth-card__aside">
          Link not working? <a href="/user/password">Ask for a new one</a>
        </p>
      </AuthCard>
    );
  } else if (user) {
    title = "Change password";
    body = (
      <AuthCard title={title} lead={PASSWORD_RULES} footer={<a href="/user">← My account</a>}>
        {alerts}
        <form method="post" action="/user/password" className="account-form" noValidate>
          <input type="text" name="username" value={user.username} autoComplete="username" readOnly hidden />
          <Field
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword}
            required
          />
          <Field
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            required
          />
          <Field
            name="passwordConfirmation"
            label="Repeat the new password"
            type="password"
            autoComplete="new-password"
            error={errors.passwordConfirmation}
            required
          />
          <button type="submit" className="button account-form__submit">
            Change password
          </button>
        </form>
        <p className="auth-card__aside">
          Forgot your current password? Sign out, then choose “Forgot your password?” on the sign-in page.
        </p>
      </AuthCard>
    );
  } else {
    title = "Reset your password";
    body = (
      <AuthCard
        title={title}
        lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
        footer={
          <p>
            Remembered it? <a href="/user/login">Sign in</a>
          </p>
        }
      >
        {alerts}
        <form method="post" action="/user/password/forgot" className="account-form" noValidate>
          <Field
            name="email"
            label="E-mail"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={state.email}
            error={errors.email}
            required
          />
          <button type="submit" className="button account-form__submit">
            Send reset link
          </button>
        </form>
      </AuthCard>
    );
  }
  return renderAccountPage(c, { title, description: "Your password.", body }, status);
}

export const passwordPage = (c: Context<AppEnv>) => renderPassword(c);
