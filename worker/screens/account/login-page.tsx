import type { Context } from "hono";
import { configuredProviders } from "../../cms/auth/auth-settings";
import type { AppEnv } from "../../platform/app-env";
import { noticeFrom, renderAccountPage } from "./account-render";
import { AuthCard, Field, type FieldErrors, FormAlert } from "./account-ui";
import { localRedirect } from "./safe-redirect";

export interface LoginState {
  /** Where to go after signing in (already checked to be a local path). */
  redirect?: string;
  identifier?: string;
  errors?: FieldErrors;
  alert?: string;
  /** Set when the account waits for its e-mail confirmation: offers "send again". */
  unconfirmed?: boolean;
}

function withRedirect(path: string, redirect: string): string {
  return redirect === "/user" ? path : `${path}?redirect=${encodeURIComponent(redirect)}`;
}

/** Buttons for the sign-in providers configured in AUTH_PROVIDERS (spec: /connect/{provider}). */
function ProviderButtons({ c, redirect }: { c: Context<AppEnv>; redirect: string }) {
  const providers = Object.entries(configuredProviders(c.env));
  if (providers.length === 0) return null;
  return (
    <div className="auth-providers">
      <p className="auth-divider">
        <span>or</span>
      </p>
      <ul className="auth-providers__list">
        {providers.map(([name, provider]) => (
          <li key={name}>
            <a
              className="button button--outlined auth-providers__button"
              href={withRedirect(`/user/connect/${name}`, redirect)}
            >
              {`Continue with ${provider.label}`}
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
  return renderAccountPage(
    c,
    {
      title: "Sign in",
      description: "Sign in to see your orders, favourites and saved details.",
      body: (
        <AuthCard
          title="Sign in"
          lead="Welcome back. Sign in to see your orders and saved details."
          footer={
            <p>
              New here? <a href={withRedirect("/user/signup", redirect)}>Create an account</a>
            </p>
          }
        >
          {notice && <FormAlert tone="success">{notice}</FormAlert>}
          {state.alert && (
            <FormAlert>
              <p>{state.alert}</p>
              {state.unconfirmed && (
                <form method="post" action="/user/signup/resend" className="form-alert__action">
                  <input type="hidden" name="email" value={state.identifier ?? ""} />
                  <button type="submit" className="button button--small button--outlined">
                    Send the link again
                  </button>
                </form>
              )}
            </FormAlert>
          )}
          <form method="post" action="/user/login" className="account-form" noValidate>
            <input type="hidden" name="redirect" value={redirect} />
            <Field
              name="identifier"
              label="E-mail or username"
              value={state.identifier}
              error={errors.identifier}
              autoComplete="username"
              inputMode="email"
              required
            />
            <Field
              name="password"
              label="Password"
              type="password"
              error={errors.password}
              autoComplete="current-password"
              required
              hint={<a href="/user/password">Forgot your password?</a>}
            />
            <button type="submit" className="button account-form__submit">
              Sign in
            </button>
          </form>
          <ProviderButtons c={c} redirect={redirect} />
        </AuthCard>
      ),
    },
    status,
  );
}

export const loginPage = (c: Context<AppEnv>) => renderLogin(c);
