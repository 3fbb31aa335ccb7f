import type { Context } from "hono";
import { PASSWORD_RULES, USERNAME_RULES } from "../../../shared/forms/account";
import { text } from "../../../shared/text";
import type { AppEnv } from "../../platform/app-env";
import { renderAccountPage } from "./account-render";
import { AuthCard, Field, type FieldErrors, FormAlert } from "./account-ui";
import { localRedirect } from "./safe-redirect";

export interface SignupState {
  /** Where to go after signing in (already checked to be a local path). */
  redirect?: string;
  username?: string;
  email?: string;
  errors?: FieldErrors;
  alert?: string;
  /** The account exists and waits for the e-mail confirmation sent to this address. */
  confirmationSentTo?: string;
  resent?: boolean;
}

function ConfirmationSent({ email, resent }: { email: string; resent?: boolean }) {
  return (
    <AuthCard
      title="Check your inbox"
      lead={
        <>
          We sent a confirmation link to <strong>{email}</strong>. Follow it to finish creating your account.
        </>
      }
    >
      {resent && <FormAlert tone="success">We sent the link again. It can take a minute to arrive.</FormAlert>}
      <p className="muted">Nothing there? Look in the spam folder, or send the link again.</p>
      <form method="post" action="/user/signup/resend" className="account-form">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="button button--outlined account-form__submit">
          Send the link again
        </button>
      </form>
      <p className="auth-card__aside">
        Already confirmed? <a href="/user/login">Sign in</a>
      </p>
    </AuthCard>
  );
}

export async function renderSignup(c: Context<AppEnv>, state: SignupState = {}, status = 200): Promise<Response> {
  const redirect = localRedirect(state.redirect ?? c.req.query("redirect"));
  const errors = state.errors ?? {};
  const body = state.confirmationSentTo ? (
    <ConfirmationSent email={state.confirmationSentTo} resent={state.resent} />
  ) : (
    <AuthCard
      title="Create an account"
      lead="Save your details for faster checkout and keep track of your orders."
      footer={
        <p>
          Already have an account?{" "}
          <a href={redirect === "/user" ? "/user/login" : `/user/login?redirect=${encodeURIComponent(redirect)}`}>
            Sign in
          </a>
        </p>
      }
    >
      {state.alert && <FormAlert>{state.alert}</FormAlert>}
      <form method="post" action="/user/signup" className="account-form" noValidate>
        <input type="hidden" name="redirect" value={redirect} />
        <Field
          name="username"
          label="Username"
          value={state.username}
          error={errors.username}
          autoComplete="username"
          hint={USERNAME_RULES}
          maxLength={30}
          required
        />
        <Field
          name="email"
          label="E-mail"
          type="email"
          value={state.email}
          error={errors.email}
          autoComplete="email"
          inputMode="email"
          required
        />
        <Field
          name="password"
          label="Password"
          type="password"
          error={errors.password}
          autoComplete="new-password"
          hint={PASSWORD_RULES}
          required
        />
        <p className="account-form__consent">
          {text.consent.replace(/privacy policy$/, "")}
          <a href="/privacy-policy">privacy policy</a>
        </p>
        <button type="submit" className="button account-form__submit">
          Create account
        </button>
      </form>
    </AuthCard>
  );
  return renderAccountPage(
    c,
    {
      title: state.confirmationSentTo ? "Check your inbox" : "Create an account",
      description: "Create your account.",
      body,
    },
    status,
  );
}

export const signupPage = (c: Context<AppEnv>) => renderSignup(c);
