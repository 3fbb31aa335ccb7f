import type { Context } from "hono";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  passwordRules,
  resetPasswordSchema,
} from "../../../shared/forms/account";
import { checkForm } from "../../../shared/forms/form-result";
import { routePath } from "../../../shared/links";
import { Rich, textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { readFormBody, textFields } from "../../platform/forms/form-guard";
import { authClient } from "../../platform/session/auth-client";
import { leaveSessionForSignIn, signIn, signInFailed, startSession } from "../../platform/session/session";
import {
  AccountForm,
  EmailField,
  NewPasswordFields,
  PasswordField,
  refusalState,
  SubmitButton,
} from "./account-fields";
import { noticeFrom, renderAccountPage } from "./account-render";
import { AuthCard, type FieldErrors, FormAlert } from "./account-ui";
import { friendlyError, sessionEnded } from "./friendly-errors";

/**
 * /user/password, three ways: signed in, change it (current, new, confirm);
 * signed out, ask for a reset link; from the link (?code=), set a new one.
 * The screen (GET) and its three forms' POSTs.
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
  const t = textsOf(c);
  const a = t.m.account;
  const rules = passwordRules(t.m.accountErrors);
  const alerts = (
    <>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {state.alert && <FormAlert>{state.alert}</FormAlert>}
    </>
  );
  let title: string;
  let body: React.ReactNode;
  if (code) {
    title = a.chooseNewPassword;
    body = (
      <AuthCard title={title} lead={rules}>
        {alerts}
        <AccountForm action={routePath("user-password-reset")}>
          <input type="hidden" name="code" value={code} />
          <NewPasswordFields error={errors.password ?? errors.code} confirmError={errors.passwordConfirmation} />
          <SubmitButton>{a.saveNewPassword}</SubmitButton>
        </AccountForm>
        <p className="auth-card__aside">
          <Rich text={a.linkNotWorking} parts={{ link: <a href={routePath("user-password")}>{a.askForNewOne}</a> }} />
        </p>
      </AuthCard>
    );
  } else if (user) {
    title = a.changePassword;
    body = (
      <AuthCard title={title} lead={rules} footer={<a href={routePath("user")}>{a.backToAccount}</a>}>
        {alerts}
        <AccountForm action={routePath("user-password")}>
          <input type="text" name="username" value={user.username} autoComplete="username" readOnly hidden />
          <PasswordField
            name="currentPassword"
            label={a.currentPassword}
            autoComplete="current-password"
            error={errors.currentPassword}
          />
          <NewPasswordFields error={errors.password} confirmError={errors.passwordConfirmation} />
          <SubmitButton>{a.changePassword}</SubmitButton>
        </AccountForm>
        <p className="auth-card__aside">{a.forgotCurrent}</p>
      </AuthCard>
    );
  } else {
    title = a.resetTitle;
    body = (
      <AuthCard
        title={title}
        lead={a.resetLead}
        footer={
          <p>
            <Rich text={a.rememberedIt} parts={{ link: <a href={routePath("user-login")}>{a.signIn}</a> }} />
          </p>
        }
      >
        {alerts}
        <AccountForm action={routePath("user-password-forgot")}>
          <EmailField value={state.email} error={errors.email} />
          <SubmitButton>{a.sendResetLink}</SubmitButton>
        </AccountForm>
      </AuthCard>
    );
  }
  return renderAccountPage(c, { title, description: a.passwordDescription, body }, status);
}

export const passwordPage = (c: Context<AppEnv>) => renderPassword(c);

/** POST /user/password: a signed-in shopper changes the password. */
export async function postChangePassword(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  const token = c.get("token");
  if (!user || !token)
    return c.redirect(routePath("user-login", { query: { redirect: routePath("user-password") } }), 303);
  const checked = checkForm(changePasswordSchema(textsOf(c).m), textFields(await readFormBody(c)));
  if (!checked.ok) return renderPassword(c, { errors: checked.errors }, 422);
  try {
    const answer = await authClient(c).changePassword(token, checked.value);
    // The CMS answers with a fresh token: this browser goes on in a new session on it, and
    // every session of the account (this one and other devices) ends in the same batch.
    await startSession(c, answer, { endOtherSessions: true });
  } catch (error) {
    const ended = await sessionEnded(c, error, routePath("user-password"));
    if (ended) return ended;
    const problem = friendlyError(c, error);
    return renderPassword(c, refusalState(problem), problem.status);
  }
  return c.redirect(routePath("user", { query: { notice: "password-changed" } }), 303);
}

/** POST /user/password/forgot: a reset link by e-mail (the same answer whether or not the address has an account). */
export async function postForgotPassword(c: Context<AppEnv>): Promise<Response> {
  const form = textFields(await readFormBody(c));
  const checked = checkForm(forgotPasswordSchema(textsOf(c).m), form);
  if (!checked.ok) return renderPassword(c, { email: form.email ?? "", errors: checked.errors }, 422);
  try {
    await authClient(c).forgotPassword(checked.value.email);
  } catch (error) {
    const problem = friendlyError(c, error);
    return renderPassword(c, { email: checked.value.email, alert: problem.message }, problem.status);
  }
  return c.redirect(routePath("user-password", { query: { notice: "reset-sent" } }), 303);
}

/** POST /user/password/reset: a new password from the e-mailed link, and signed in with it. */
export async function postResetPassword(c: Context<AppEnv>): Promise<Response> {
  const form = textFields(await readFormBody(c));
  const code = (form.code ?? "").trim();
  const checked = checkForm(resetPasswordSchema(textsOf(c).m), form);
  if (!checked.ok) return renderPassword(c, { code: code || "missing", errors: checked.errors }, 422);
  try {
    await leaveSessionForSignIn(c);
    const answer = await authClient(c).resetPassword(checked.value);
    // Whoever knew the old password is signed out everywhere else.
    await signIn(c, answer, { endOtherSessions: true });
  } catch (error) {
    signInFailed(c);
    const problem = friendlyError(c, error);
    if (problem.original === "Incorrect code provided") {
      return renderPassword(c, { alert: problem.message }, problem.status);
    }
    return renderPassword(c, { code, ...refusalState(problem) }, problem.status);
  }
  return c.redirect(routePath("user", { query: { notice: "password-reset" } }), 303);
}
