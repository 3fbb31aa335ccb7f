import type { Context } from "hono";
import { configuredProviders } from "../../../shared/auth-providers";
import { signInSchema } from "../../../shared/forms/account";
import { checkForm } from "../../../shared/forms/form-result";
import { routePath } from "../../../shared/links";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { authClient } from "../../platform/session/auth-client";
import { leaveSessionForSignIn, signIn, signInFailed } from "../../platform/session/session";
import { AccountForm, OtherWayIn, PasswordField, refusalState, SubmitButton, withRedirect } from "./account-fields";
import { noticeFrom, renderAccountPage } from "./account-render";
import { AuthCard, Field, type FieldErrors, FormAlert } from "./account-ui";
import { friendlyError } from "./friendly-errors";
import { localRedirect } from "./safe-redirect";

/**
 * /user/login: the sign-in screen (GET) and its form (POST), which answers with
 * a redirect once signed in, or the screen again with the messages.
 */

export interface LoginState {
  /** Where to go after signing in (already checked to be a local path). */
  redirect?: string;
  identifier?: string;
  errors?: FieldErrors;
  alert?: string;
  /** Set when the account waits for its e-mail confirmation: offers "send again". */
  unconfirmed?: boolean;
}

/** Buttons for the sign-in providers configured in AUTH_PROVIDERS (spec: /connect/{provider}). */
function ProviderButtons({ c, redirect }: { c: Context<AppEnv>; redirect: string }) {
  const t = useTexts();
  const providers = Object.entries(configuredProviders(c.env));
  if (providers.length === 0) return null;
  return (
    <div className="auth-providers">
      <p className="auth-divider">
        <span>{t.m.account.or}</span>
      </p>
      <ul className="auth-providers__list">
        {providers.map(([name, provider]) => (
          <li key={name}>
            <a
              className="button button--outlined auth-providers__button"
              href={withRedirect(routePath("user-connect", { provider: name }), redirect)}
            >
              {t.fill(t.m.account.continueWith, { provider: provider.label })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export async function renderLogin(c: Context<AppEnv>, state: LoginState = {}, status = 200): Promise<Response> {
  const redirect = localRedirect(state.redirect ?? c.req.query("redirect"));
  const notice = status === 200 ? noticeFrom(c) : null;
  const errors = state.errors ?? {};
  const a = textsOf(c).m.account;
  return renderAccountPage(
    c,
    {
      title: a.signIn,
      description: a.signInDescription,
      body: (
        <AuthCard
          title={a.signIn}
          lead={a.signInLead}
          footer={
            <>
              <OtherWayIn
                text={a.newHere}
                path={routePath("user-signup")}
                label={a.createAnAccount}
                redirect={redirect}
              />
              <p>
                <a href={routePath("order-lookup")}>{textsOf(c).m.orderLookup.guestLink}</a>
              </p>
            </>
          }
        >
          {notice && <FormAlert tone="success">{notice}</FormAlert>}
          {state.alert && (
            <FormAlert>
              <p>{state.alert}</p>
              {state.unconfirmed && (
                <form method="post" action={routePath("user-signup-resend")} className="form-alert__action">
                  <input type="hidden" name="email" value={state.identifier ?? ""} />
                  <button type="submit" className="button button--small button--outlined">
                    {a.sendLinkAgain}
                  </button>
                </form>
              )}
            </FormAlert>
          )}
          <AccountForm action={routePath("user-login")} redirect={redirect}>
            <Field
              name="identifier"
              label={a.identifier}
              value={state.identifier}
              error={errors.identifier}
              autoComplete="username"
              inputMode="email"
              required
            />
            <PasswordField
              label={a.password}
              autoComplete="current-password"
              error={errors.password}
              hint={<a href={routePath("user-password")}>{a.forgotPassword}</a>}
            />
            <SubmitButton>{a.signIn}</SubmitButton>
          </AccountForm>
          <ProviderButtons c={c} redirect={redirect} />
        </AuthCard>
      ),
    },
    status,
  );
}

export const loginPage = (c: Context<AppEnv>) => renderLogin(c);

export async function postLogin(c: Context<AppEnv>): Promise<Response> {
  const form = textFields(await readFormBody(c));
  const redirect = localRedirect(form.redirect);
  const checked = checkForm(signInSchema(textsOf(c).m), form);
  if (!checked.ok) return renderLogin(c, { identifier: form.identifier ?? "", errors: checked.errors, redirect }, 422);
  const { identifier, password } = checked.value;
  try {
    await leaveSessionForSignIn(c);
    const answer = await authClient(c).login(identifier, password);
    await signIn(c, answer);
  } catch (error) {
    signInFailed(c);
    const problem = friendlyError(c, error);
    const state = { identifier, redirect };
    if (problem.original === "Your account email is not confirmed") {
      return renderLogin(c, { ...state, alert: problem.message, unconfirmed: true }, problem.status);
    }
    const refusal = refusalState(problem, (field) => (field === "email" ? "identifier" : field));
    return renderLogin(c, { ...state, ...refusal }, problem.status);
  }
  return c.redirect(redirect, 303);
}
