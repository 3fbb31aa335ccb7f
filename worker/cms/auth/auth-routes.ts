import { Hono } from "hono";
import { configuredProviders } from "../../../shared/auth-providers";
import {
  cmsChangePasswordBody,
  cmsEmailBody,
  cmsRegisterBody,
  cmsResetPasswordBody,
  cmsSignInBody,
} from "../../../shared/forms/cms-auth";
import { writeLine } from "../../../shared/log/log-line";
import {
  lengthErrors,
  PASSWORD_MAX,
  PASSWORD_MIN,
  sendCode,
  shopRuleErrors,
  signedInAnswer,
  TEXT_MAX,
  USERNAME_MIN,
} from "./auth-answers";
import { consumeCode } from "./auth-codes";
import { localisedLink } from "./auth-mail";
import {
  type AuthApiEnv,
  type AuthContext,
  authenticate,
  body,
  publicOnly,
  rateLimit,
  signedIn,
} from "./auth-middleware";
import { readAuthSettings } from "./auth-settings";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password-hash";
import { signInWithProvider } from "./provider-sign-in";
import { bodyErrors, str } from "./request-body";
import { applicationError, forbidden, strapiError, validationError } from "./strapi-errors";
import { endOlderTokens } from "./token-validity";
import {
  type CmsUserRow,
  findLocalUserByIdentifier,
  findUserByEmail,
  findUserById,
  insertUser,
  PROFILE_FIELDS,
  type ProfileUpdate,
  registrationConflict,
  setConfirmedStatement,
  setPasswordStatement,
  toStrapiUser,
  updateProfile,
} from "./user-store";

/**
 * The embedded CMS's users-permissions REST API, mounted under /api: the routes,
 * bodies, messages and statuses of Strapi v4 (as Strapi v4's users-permissions plugin has them).
 * The storefront reaches it in-process (worker/platform/session/auth-client.ts) or, when
 * CMS_URL is set, reaches a real Strapi with the same requests.
 */

export const authApi = new Hono<AuthApiEnv>();

/** Unexpected failures answer as Strapi does (500 InternalServerError, no details), logged once. */
authApi.onError((error, c) => {
  writeLine("error", "Error in CMS auth API", { error });
  return c.json(
    { data: null, error: { status: 500, name: "InternalServerError", message: "Internal Server Error" } },
    500,
  );
});

authApi.use("/auth/*", authenticate);
authApi.use("/users/*", authenticate);
authApi.use("/connect/*", authenticate);

authApi.post("/auth/local", publicOnly, body, rateLimit, async (c) => {
  const sent = c.get("body");
  const errors = bodyErrors(cmsSignInBody, sent);
  if (errors.length) return validationError(c, errors);
  const user = await findLocalUserByIdentifier(c.env.DB, str(sent, "identifier"));
  // Same work whether or not the account exists.
  const matches = await verifyPassword(str(sent, "password"), user?.password ?? DUMMY_HASH);
  if (!user?.password || !matches) {
    return strapiError(c, 400, "ValidationError", "Invalid identifier or password");
  }
  const settings = await readAuthSettings(c.env.DB);
  if (settings.emailConfirmation && user.confirmed !== 1) {
    return applicationError(c, "Your account email is not confirmed");
  }
  if (user.blocked === 1) return applicationError(c, "Your account has been blocked by an administrator");
  return signedInAnswer(c, user);
});

authApi.post("/auth/local/register", publicOnly, body, rateLimit, async (c) => {
  const settings = await readAuthSettings(c.env.DB);
  if (!settings.allowRegister) return applicationError(c, "Register action is currently disabled");
  const sent = c.get("body");
  const errors = bodyErrors(cmsRegisterBody, sent);
  if (errors.length) return validationError(c, errors);
  const username = str(sent, "username");
  const email = str(sent, "email").toLowerCase();
  const password = str(sent, "password");
  const profile: ProfileUpdate = {};
  for (const field of PROFILE_FIELDS) {
    const value = sent[field];
    if (typeof value === "string") profile[field] = value.slice(0, TEXT_MAX);
  }
  const conflict = await registrationConflict(c.env.DB, {
    email,
    username,
    provider: "local",
    uniqueEmail: settings.uniqueEmail,
  });
  if (conflict) return applicationError(c, "Email or Username are already taken");
  const entityErrors = lengthErrors([
    { field: "username", value: username, min: USERNAME_MIN, max: TEXT_MAX },
    { field: "email", value: email, min: 6, max: TEXT_MAX },
    { field: "password", value: password, min: PASSWORD_MIN, max: PASSWORD_MAX },
  ]);
  if (entityErrors.length) return validationError(c, entityErrors);
  // Not Strapi's: the shop's own rules, the same the sign-up form applies, so the API is no
  // way around them (a one-letter-class password, a username with spaces or markup).
  const shopErrors = shopRuleErrors(username, password);
  if (shopErrors.length) return validationError(c, shopErrors);
  let user: CmsUserRow;
  try {
    user = await insertUser(c.env.DB, {
      username,
      email,
      provider: "local",
      passwordHash: await hashPassword(password),
      confirmed: !settings.emailConfirmation,
    });
  } catch (error) {
    // Two registrations racing for one username: the UNIQUE constraint decides.
    if (String(error).includes("UNIQUE")) return applicationError(c, "Email or Username are already taken");
    throw error;
  }
  if (Object.keys(profile).length) user = (await updateProfile(c.env.DB, user.id, profile)) ?? user;
  if (settings.emailConfirmation) {
    await sendCode(c, user, "email-confirmation");
    return c.json({ user: toStrapiUser(user) });
  }
  return signedInAnswer(c, user);
});

authApi.post("/auth/forgot-password", publicOnly, body, rateLimit, async (c) => {
  const sent = c.get("body");
  const errors = bodyErrors(cmsEmailBody, sent, true);
  if (errors.length) return validationError(c, errors);
  const user = await findUserByEmail(c.env.DB, str(sent, "email"));
  // The same answer whether or not the address has an account.
  if (user && user.blocked !== 1) await sendCode(c, user, "reset-password");
  return c.json({ ok: true });
});

authApi.post("/auth/reset-password", publicOnly, body, rateLimit, async (c) => {
  const sent = c.get("body");
  const errors = bodyErrors(cmsResetPasswordBody, sent, true);
  if (errors.length) return validationError(c, errors);
  const password = str(sent, "password");
  const lengths = lengthErrors([{ field: "password", value: password, min: PASSWORD_MIN, max: PASSWORD_MAX }]);
  if (lengths.length) return validationError(c, lengths);
  const userId = await consumeCode(c.env.DB, str(sent, "code"), "reset-password");
  const user = userId === null ? null : await findUserById(c.env.DB, userId);
  if (!user) return strapiError(c, 400, "ValidationError", "Incorrect code provided");
  // Tokens of earlier seconds end with the reset (the answer carries a new one).
  await c.env.DB.batch([
    setPasswordStatement(c.env.DB, user.id, await hashPassword(password)),
    endOlderTokens(c.env.DB, user.id),
  ]);
  return signedInAnswer(c, (await findUserById(c.env.DB, user.id)) ?? user);
});

authApi.post("/auth/change-password", signedIn, body, rateLimit, async (c) => {
  const bearer = c.get("bearer");
  if (bearer.kind !== "user") return forbidden(c);
  const sent = c.get("body");
  const errors = bodyErrors(cmsChangePasswordBody, sent, true);
  if (errors.length) return validationError(c, errors);
  const { user } = bearer;
  const current = str(sent, "currentPassword");
  const password = str(sent, "password");
  if (!user.password || !(await verifyPassword(current, user.password))) {
    return strapiError(c, 400, "ValidationError", "The provided current password is invalid");
  }
  if (current === password) {
    return strapiError(c, 400, "ValidationError", "Your new password must be different than your current password");
  }
  const lengths = lengthErrors([{ field: "password", value: password, min: PASSWORD_MIN, max: PASSWORD_MAX }]);
  if (lengths.length) return validationError(c, lengths);
  // As for a reset: tokens of earlier seconds (a stolen one included) end; the answer carries a new one.
  await c.env.DB.batch([
    setPasswordStatement(c.env.DB, user.id, await hashPassword(password)),
    endOlderTokens(c.env.DB, user.id),
  ]);
  return signedInAnswer(c, (await findUserById(c.env.DB, user.id)) ?? user);
});

// Not rate-limited in Strapi; limited here so the endpoint can't be used to flood an inbox.
authApi.post("/auth/send-email-confirmation", publicOnly, body, rateLimit, async (c) => {
  const sent = c.get("body");
  const errors = bodyErrors(cmsEmailBody, sent);
  if (errors.length) return validationError(c, errors);
  const email = str(sent, "email").toLowerCase();
  const user = await findUserByEmail(c.env.DB, email);
  if (!user) return c.json({ email, sent: true });
  if (user.blocked === 1) return applicationError(c, "User blocked");
  if (user.confirmed === 1) return applicationError(c, "Already confirmed");
  await sendCode(c, user, "email-confirmation");
  return c.json({ email: user.email, sent: true });
});

authApi.get("/auth/email-confirmation", publicOnly, async (c) => {
  const token = c.req.query("confirmation") ?? "";
  const userId = token ? await consumeCode(c.env.DB, token, "email-confirmation") : null;
  if (userId === null) return strapiError(c, 400, "ValidationError", "Invalid token");
  await setConfirmedStatement(c.env.DB, userId).run();
  const settings = await readAuthSettings(c.env.DB);
  // The link in the e-mail is the API's, the same in every language: the page it lands on is the account's.
  const locale = await c.var.host.accountLocale(c.env.DB, userId);
  return c.redirect(localisedLink(settings.confirmationRedirect ?? "/", locale), 302);
});

authApi.get("/connect/:provider", publicOnly, rateLimit, (c) => {
  const provider = configuredProviders(c.env)[c.req.param("provider")];
  if (!provider?.authorizeUrl) return applicationError(c, "This provider is disabled");
  // The caller's `state` goes on to the provider, which sends it back to the callback,
  // so the storefront can tell the sign-in started in the same browser.
  const state = c.req.query("state");
  if (state === undefined) return c.redirect(provider.authorizeUrl, 302);
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(state)) return strapiError(c, 400, "ValidationError", "Invalid state");
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set("state", state);
  return c.redirect(url.toString(), 302);
});

authApi.get("/auth/:provider/callback", publicOnly, async (c) => {
  const name = c.req.param("provider");
  const provider = configuredProviders(c.env)[name];
  if (!provider) return applicationError(c, "This provider is disabled");
  const accessToken = c.req.query("access_token");
  if (!accessToken) return applicationError(c, "No access_token.");
  const result = await signInWithProvider(c.env.DB, name, provider, accessToken);
  if (!result.ok) return applicationError(c, result.message);
  return signedInAnswer(c, result.user);
});

authApi.get("/users/me", signedIn, (c) => {
  const bearer = c.get("bearer");
  if (bearer.kind !== "user") return forbidden(c);
  // No `role`, even with `populate=role`: Strapi's sanitiser drops the relation for a role
  // without `role.find` (every role here). The role is asked through GraphQL's `me`.
  return c.json(toStrapiUser(bearer.user));
});

/**
 * A user's own record by id. Strapi's Authenticated role has no `user.findOne`/`user.update`
 * by default; here they are granted with an owner check, so nobody reads or changes another's profile.
 */
function ownId(c: AuthContext): number | null {
  const bearer = c.get("bearer");
  const id = Number(c.req.param("id"));
  return bearer.kind === "user" && bearer.user.id === id ? id : null;
}

authApi.get("/users/:id{[0-9]+}", signedIn, (c) => {
  const bearer = c.get("bearer");
  if (ownId(c) === null || bearer.kind !== "user") return forbidden(c);
  return c.json(toStrapiUser(bearer.user));
});

authApi.put("/users/:id{[0-9]+}", signedIn, body, async (c) => {
  const id = ownId(c);
  if (id === null) return forbidden(c);
  const sent = c.get("body");
  const update: ProfileUpdate = {};
  const errors = [];
  for (const field of PROFILE_FIELDS) {
    if (!(field in sent)) continue;
    const value = sent[field];
    if (value === null || value === "") update[field] = null;
    else if (typeof value !== "string") {
      errors.push({ path: [field], message: `${field} must be a \`string\` type`, name: "ValidationError" as const });
    } else if (value.length > TEXT_MAX) {
      errors.push({
        path: [field],
        message: `${field} must be at most ${TEXT_MAX} characters`,
        name: "ValidationError" as const,
      });
    } else update[field] = value.trim();
  }
  if (errors.length) return validationError(c, errors);
  const user = await updateProfile(c.env.DB, id, update);
  if (!user) return strapiError(c, 404, "NotFoundError", "Not Found");
  return c.json(toStrapiUser(user));
});
