import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { PROVIDER_STATE_COOKIE } from "../../../shared/cookie-names";
import {
  changePasswordSchema,
  forgotPasswordSchema,
  profileSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "../../../shared/forms/account";
import { checkForm } from "../../../shared/forms/form-result";
import { maxUploadBytes } from "../../../shared/upload-limit";
import { configuredProviders } from "../../cms/auth/auth-settings";
import type { AppEnv } from "../../platform/app-env";
import { timingSafeEqual } from "../../platform/security/crypto";
import { isRevoked } from "../../platform/security/revoked-tokens";
import { authClient, CmsAuthError } from "../../platform/session/auth-client";
import { dropTokenForSignIn, refreshSessionUser, retireToken, signIn, signOut } from "../../platform/session/session";
import { clearToken, readToken, storeToken } from "../../platform/session/session-cookie";
import { findAvatarByKey, removeAvatar, saveAvatar, sniffImageType } from "../../platform/stores/avatar-store";
import { avatarHint, renderEdit } from "./edit-page";
import { friendlyError } from "./friendly-errors";
import { renderLogin } from "./login-page";
import { renderPassword } from "./password-page";
import { localRedirect } from "./safe-redirect";
import { renderSignup } from "./signup-page";

/**
 * The account forms' POST handlers (each answers with a redirect on success,
 * or re-renders its screen with the shopper's values and messages beside the
 * fields), the provider sign-in hand-offs, and the avatar files.
 */
export const accountRoutes = new Hono<AppEnv>();

type Form = Record<string, string | File>;

async function readForm(c: Context<AppEnv>): Promise<Form> {
  const body = await c.req.parseBody();
  const form: Form = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" || value instanceof File) form[key] = value;
  }
  return form;
}

function strings(form: Form): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

accountRoutes.post("/login", async (c) => {
  const form = strings(await readForm(c));
  const redirect = localRedirect(form.redirect);
  const checked = checkForm(signInSchema, form);
  if (!checked.ok) return renderLogin(c, { identifier: form.identifier ?? "", errors: checked.errors, redirect }, 422);
  try {
    await dropTokenForSignIn(c);
    let answer = await authClient(c).login(checked.value.identifier, checked.value.password);
    // A real Strapi's token is a function of the user and the second: signing in again within the second
    // of a sign-out gets back the very token just revoked. Ask once more in the next second.
    if (answer.jwt && c.env.CMS_URL && (await isRevoked(c.env.DB, answer.jwt))) {
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
      answer = await authClient(c).login(checked.value.identifier, checked.value.password);
    }
    if (!answer.jwt) throw new Error("The CMS signed in without a token");
    await signIn(c, answer.jwt);
  } catch (error) {
    if (readToken(c)) clearToken(c);
    const problem = friendlyError(error);
    const state = { identifier: checked.value.identifier, redirect };
    if (problem.original === "Your account email is not confirmed") {
      return renderLogin(c, { ...state, alert: problem.message, unconfirmed: true }, problem.status);
    }
    return problem.field
      ? renderLogin(
          c,
          { ...state, errors: { [problem.field === "email" ? "identifier" : problem.field]: problem.message } },
          problem.status,
        )
      : renderLogin(c, { ...state, alert: problem.message }, problem.status);
  }
  return c.redirect(redirect, 303);
});

accountRoutes.post("/signup", async (c) => {
  const form = strings(await readForm(c));
  const redirect = localRedirect(form.redirect);
  const typed = { username: form.username ?? "", email: form.email ?? "", redirect };
  const checked = checkForm(signUpSchema, form);
  if (!checked.ok) return renderSignup(c, { ...typed, errors: checked.errors }, 422);
  try {
    await dropTokenForSignIn(c);
    const answer = await authClient(c).register(checked.value);
    if (!answer.jwt) {
      // The CMS asks for the e-mail to be confirmed first.
      return renderSignup(c, { confirmationSentTo: answer.user.email });
    }
    await signIn(c, answer.jwt);
  } catch (error) {
    if (readToken(c)) clearToken(c);
    const problem = friendlyError(error);
    const field = problem.field && ["username", "email", "password"].includes(problem.field) ? problem.field : null;
    return field
      ? renderSignup(c, { ...typed, errors: { [field]: problem.message } }, problem.status)
      : renderSignup(c, { ...typed, alert: problem.message }, problem.status);
  }
  return c.redirect(redirect === "/user" ? "/user?notice=welcome" : redirect, 303);
});

accountRoutes.post("/signup/resend", async (c) => {
  const form = strings(await readForm(c));
  const email = (form.email ?? "").trim().toLowerCase();
  const checked = checkForm(forgotPasswordSchema, { email });
  if (!checked.ok)
    return renderLogin(c, { alert: "Enter the e-mail address of your account to get the link again." }, 422);
  try {
    await authClient(c).sendEmailConfirmation(checked.value.email);
  } catch (error) {
    const problem = friendlyError(error);
    if (problem.original === "Already confirmed") return c.redirect("/user/login?notice=confirmed", 303);
    return renderSignup(c, { confirmationSentTo: checked.value.email }, problem.status);
  }
  return renderSignup(c, { confirmationSentTo: checked.value.email, resent: true });
});

accountRoutes.post("/logout", async (c) => {
  await signOut(c);
  return c.redirect("/user/login?notice=signed-out", 303);
});

accountRoutes.post("/password", async (c) => {
  const user = c.get("user");
  const token = c.get("token");
  if (!user || !token) return c.redirect("/user/login?redirect=%2Fuser%2Fpassword", 303);
  const checked = checkForm(changePasswordSchema, strings(await readForm(c)));
  if (!checked.ok) return renderPassword(c, { errors: checked.errors }, 422);
  try {
    const answer = await authClient(c).changePassword(token, checked.value);
    // The CMS answers with a fresh token: keep the session going on it, and end the old one
    // (the embedded CMS already has; a real Strapi would keep it valid).
    if (answer.jwt) {
      storeToken(c, answer.jwt);
      await retireToken(c, token);
    }
  } catch (error) {
    if (error instanceof CmsAuthError && error.status === 401) {
      await signOut(c);
      return c.redirect("/user/login?notice=session-ended&redirect=%2Fuser%2Fpassword", 303);
    }
    const problem = friendlyError(error);
    return problem.field
      ? renderPassword(c, { errors: { [problem.field]: problem.message } }, problem.status)
      : renderPassword(c, { alert: problem.message }, problem.status);
  }
  return c.redirect("/user?notice=password-changed", 303);
});

accountRoutes.post("/password/forgot", async (c) => {
  const form = strings(await readForm(c));
  const checked = checkForm(forgotPasswordSchema, form);
  if (!checked.ok) return renderPassword(c, { email: form.email ?? "", errors: checked.errors }, 422);
  try {
    await authClient(c).forgotPassword(checked.value.email);
  } catch (error) {
    const problem = friendlyError(error);
    return renderPassword(c, { email: checked.value.email, alert: problem.message }, problem.status);
  }
  return c.redirect("/user/password?notice=reset-sent", 303);
});

accountRoutes.post("/password/reset", async (c) => {
  const form = strings(await readForm(c));
  const code = (form.code ?? "").trim();
  const checked = checkForm(resetPasswordSchema, form);
  if (!checked.ok) return renderPassword(c, { code: code || "missing", errors: checked.errors }, 422);
  try {
    await dropTokenForSignIn(c);
    const answer = await authClient(c).resetPassword(checked.value);
    if (!answer.jwt) throw new Error("The CMS reset the password without a token");
    await signIn(c, answer.jwt);
  } catch (error) {
    if (readToken(c)) clearToken(c);
    const problem = friendlyError(error);
    if (problem.original === "Incorrect code provided") {
      return renderPassword(c, { alert: problem.message }, problem.status);
    }
    return problem.field
      ? renderPassword(c, { code, errors: { [problem.field]: problem.message } }, problem.status)
      : renderPassword(c, { code, alert: problem.message }, problem.status);
  }
  return c.redirect("/user?notice=password-reset", 303);
});

accountRoutes.post("/edit", async (c) => {
  const user = c.get("user");
  const token = c.get("token");
  if (!user || !token) return c.redirect("/user/login?redirect=%2Fuser%2Fedit", 303);
  const form = await readForm(c);
  const fields = strings(form);
  const checked = checkForm(profileSchema, fields);
  const errors: Record<string, string> = checked.ok ? {} : { ...checked.errors };
  const file = form.avatar instanceof File && form.avatar.size > 0 ? form.avatar : null;
  let image: { bytes: Uint8Array; type: "image/png" | "image/jpeg" | "image/gif" } | null = null;
  if (file) {
    if (file.size > maxUploadBytes(c.env.UPLOAD_MAX_BYTES)) {
      errors.avatar = `This file is too large. ${avatarHint(c.env)}.`;
    } else {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffImageType(bytes);
      if (type) image = { bytes, type };
      else errors.avatar = `This file is not a PNG, JPG or GIF image. ${avatarHint(c.env)}.`;
    }
  }
  if (!checked.ok || Object.keys(errors).length > 0) {
    const values = fields;
    return renderEdit(c, { values, errors }, 422);
  }
  try {
    const updated = await authClient(c).updateProfile(token, user.id, checked.value);
    await refreshSessionUser(c, updated);
  } catch (error) {
    if (error instanceof CmsAuthError && error.status === 401) {
      await signOut(c);
      return c.redirect("/user/login?notice=session-ended&redirect=%2Fuser%2Fedit", 303);
    }
    const problem = friendlyError(error);
    return renderEdit(c, { values: checked.value, alert: problem.message }, problem.status);
  }
  if (image) await saveAvatar(c.env, user.id, image.bytes, image.type);
  else if (fields.removeAvatar === "1") await removeAvatar(c.env, user.id);
  return c.redirect("/user?notice=profile-saved", 303);
});

/**
 * A provider sign-in is bound to the browser that started it (login CSRF: without this, a
 * link carrying an attacker's access token would sign the victim into the attacker's
 * account, and the victim's bag, favourites and orders would go to it). Starting sets a
 * random `state` in a `__Host-` cookie (this host only, path /, Secure) with the redirect
 * target; the callback needs the cookie, and the same `state` when the provider echoes it.
 * A real Strapi does not pass `state` on to the shop, so there the cookie alone binds it.
 */
const STATE_PATTERN = /^[0-9a-f]{32}$/;
const NOT_THIS_BROWSER =
  "This sign-in did not start in this browser, so we did not sign you in. Please start again from the sign-in page.";

accountRoutes.get("/connect/:provider", (c) => {
  const name = c.req.param("provider");
  if (!configuredProviders(c.env)[name]) return c.redirect("/user/login?notice=provider-failed", 302);
  const state = crypto.randomUUID().replaceAll("-", "");
  const redirect = localRedirect(c.req.query("redirect"));
  setCookie(c, PROVIDER_STATE_COOKIE, `${state} ${redirect}`, {
    path: "/",
    maxAge: 600,
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
  return c.redirect(`${authClient(c).providerStartUrl(name)}?state=${state}`, 302);
});

/** The provider (or the CMS, for a real Strapi) sends the shopper here with `?access_token=`. */
accountRoutes.get("/auth/:provider/callback", async (c) => {
  const accessToken = c.req.query("access_token");
  const [expected = "", target] = (getCookie(c, PROVIDER_STATE_COOKIE) ?? "").split(" ", 2);
  deleteCookie(c, PROVIDER_STATE_COOKIE, { path: "/", secure: true });
  const returned = c.req.query("state");
  const stateRequired = !c.env.CMS_URL || returned !== undefined;
  if (!STATE_PATTERN.test(expected) || (stateRequired && !timingSafeEqual(returned ?? "", expected))) {
    return renderLogin(c, { alert: NOT_THIS_BROWSER }, 400);
  }
  const redirect = localRedirect(target);
  if (!accessToken) return c.redirect("/user/login?notice=provider-failed", 302);
  try {
    await dropTokenForSignIn(c);
    const answer = await authClient(c).providerCallback(c.req.param("provider"), accessToken);
    if (!answer.jwt) throw new Error("The CMS signed in without a token");
    await signIn(c, answer.jwt);
  } catch (error) {
    if (readToken(c)) clearToken(c);
    const problem = friendlyError(error);
    return renderLogin(c, { alert: problem.message }, problem.status === 422 ? 400 : problem.status);
  }
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(redirect, 302);
});

accountRoutes.get("/avatar/:key{[0-9a-f]{32}}", async (c) => {
  const key = `avatars/${c.req.param("key")}`;
  const row = await findAvatarByKey(c.env.DB, key);
  const object = row ? await c.env.UPLOADS.get(key) : null;
  if (!row || !object) return c.notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": row.content_type,
      "Content-Length": String(row.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
