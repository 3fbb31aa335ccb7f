import type { Context } from "hono";
import { forgotPasswordSchema, passwordRules, signUpSchema } from "../../../shared/forms/account";
import { checkForm } from "../../../shared/forms/form-result";
import { routePath } from "../../../shared/links";
import { Rich, textsOf, useTexts } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { awaitEmailProof } from "../../platform/orders/guest-orders-claim";
import { authClient } from "../../platform/session/auth-client";
import { leaveSessionForSignIn, signIn, signInFailed } from "../../platform/session/session";
import { AccountForm, EmailField, OtherWayIn, PasswordField, refusalState, SubmitButton } from "./account-fields";
import { renderAccountPage } from "./account-render";
import { AuthCard, Field, type FieldErrors, FormAlert } from "./account-ui";
import { friendlyError } from "./friendly-errors";
import { renderLogin } from "./login";
import { localRedirect } from "./safe-redirect";

/**
 * /user/signup: the registration screen (GET), its form (POST), and "send the
 * confirmation link again" (POST /user/signup/resend).
 */

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
  const a = useTexts().m.account;
  return (
    <AuthCard
      title={a.checkInbox}
      lead={<Rich text={a.confirmationSent} parts={{ email: <strong>{email}</strong> }} />}
    >
      {resent && <FormAlert tone="success">{a.sentAgain}</FormAlert>}
      <p className="muted">{a.nothingThere}</p>
      <form method="post" action={routePath("user-signup-resend")} className="account-form">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className="button button--outlined account-form__submit">
          {a.sendLinkAgain}
        </button>
      </form>
      <p className="auth-card__aside">
        <Rich text={a.alreadyConfirmed} parts={{ link: <a href={routePath("user-login")}>{a.signIn}</a> }} />
      </p>
    </AuthCard>
  );
}

export async function renderSignup(c: Context<AppEnv>, state: SignupState = {}, status = 200): Promise<Response> {
  const redirect = localRedirect(state.redirect ?? c.req.query("redirect"));
  const errors = state.errors ?? {};
  const t = textsOf(c);
  const a = t.m.account;
  const body = state.confirmationSentTo ? (
    <ConfirmationSent email={state.confirmationSentTo} resent={state.resent} />
  ) : (
    <AuthCard
      title={a.createAnAccount}
      lead={a.signUpLead}
      footer={<OtherWayIn text={a.haveAccount} path={routePath("user-login")} label={a.signIn} redirect={redirect} />}
    >
      {state.alert && <FormAlert>{state.alert}</FormAlert>}
      <AccountForm action={routePath("user-signup")} redirect={redirect}>
        <Field
          name="username"
          label={a.username}
          value={state.username}
          error={errors.username}
          autoComplete="username"
          hint={t.m.accountErrors.usernameRules}
          maxLength={30}
          required
        />
        <EmailField value={state.email} error={errors.email} />
        <PasswordField
          label={a.password}
          autoComplete="new-password"
          error={errors.password}
          hint={passwordRules(t.m.accountErrors)}
        />
        <p className="account-form__consent">
          <Rich text={a.consent} parts={{ policy: <a href={routePath("privacy-policy")}>{a.privacyPolicy}</a> }} />
        </p>
        <SubmitButton>{a.createAccount}</SubmitButton>
      </AccountForm>
    </AuthCard>
  );
  return renderAccountPage(
    c,
    {
      title: state.confirmationSentTo ? a.checkInbox : a.createAnAccount,
      description: a.signUpDescription,
      body,
    },
    status,
  );
}

export const signupPage = (c: Context<AppEnv>) => renderSignup(c);

export async function postSignup(c: Context<AppEnv>): Promise<Response> {
  const form = textFields(await readFormBody(c));
  const redirect = localRedirect(form.redirect);
  const typed = { username: form.username ?? "", email: form.email ?? "", redirect };
  const checked = checkForm(signUpSchema(textsOf(c).m), form);
  if (!checked.ok) return renderSignup(c, { ...typed, errors: checked.errors }, 422);
  try {
    await leaveSessionForSignIn(c);
    const answer = await authClient(c).register(checked.value);
    if (!answer.jwt) {
      // The CMS asks for the e-mail to be confirmed first: once it is, the guest orders with it are this account's.
      await awaitEmailProof(c.env.DB, answer.user.id, answer.user.email);
      return renderSignup(c, { confirmationSentTo: answer.user.email });
    }
    await signIn(c, answer);
  } catch (error) {
    signInFailed(c);
    const problem = friendlyError(c, error);
    const refusal = refusalState(problem, (field) =>
      ["username", "email", "password"].includes(field) ? field : null,
    );
    return renderSignup(c, { ...typed, ...refusal }, problem.status);
  }
  return c.redirect(
    redirect === routePath("user") ? routePath("user", { query: { notice: "welcome" } }) : redirect,
    303,
  );
}

export async function postResendConfirmation(c: Context<AppEnv>): Promise<Response> {
  const checked = checkForm(forgotPasswordSchema(textsOf(c).m), textFields(await readFormBody(c)));
  if (!checked.ok) return renderLogin(c, { alert: textsOf(c).m.account.resendNeedsEmail }, 422);
  const { email } = checked.value;
  try {
    await authClient(c).sendEmailConfirmation(email);
  } catch (error) {
    const problem = friendlyError(c, error);
    if (problem.original === "Already confirmed")
      return c.redirect(routePath("user-login", { query: { notice: "confirmed" } }), 303);
    return renderSignup(c, { confirmationSentTo: email }, problem.status);
  }
  return renderSignup(c, { confirmationSentTo: email, resent: true });
}
