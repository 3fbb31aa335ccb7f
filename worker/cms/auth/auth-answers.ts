import { cmsShopAccountRules } from "../../../shared/forms/cms-auth";
import { checkForm } from "../../../shared/forms/form-result";
import { routePath } from "../../../shared/links";
import { newCodeStatements } from "./auth-codes";
import { issueJwt } from "./auth-jwt";
import {
  askedLocale,
  confirmationMail,
  localisedLink,
  printLinkLocally,
  publicOrigin,
  resetPasswordMail,
} from "./auth-mail";
import type { AuthContext } from "./auth-middleware";
import { readAuthSettings } from "./auth-settings";
import type { FieldError } from "./strapi-errors";
import { type CmsUserRow, toStrapiUser } from "./user-store";

/* What the auth routes answer with: the signed-in answer, Strapi's length rules, the shop's sign-up rules, codes sent by mail. */

// Strapi's schema limits for the user type.
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
// Not Strapi's: a bound on what we hash and store.
export const PASSWORD_MAX = 200;
export const TEXT_MAX = 200;

/** Strapi's answer to a sign-in: a token `{ id, iat, exp }` issued now, and the user. */
export async function signedInAnswer(c: AuthContext, user: CmsUserRow): Promise<Response> {
  return c.json({ jwt: await issueJwt(c.env, user.id), user: toStrapiUser(user) });
}

export function lengthErrors(fields: { field: string; value: string; min?: number; max?: number }[]) {
  const errors = [];
  for (const { field, value, min, max } of fields) {
    if (min !== undefined && value.length < min) {
      errors.push({
        path: [field],
        message: `${field} must be at least ${min} characters`,
        name: "ValidationError" as const,
      });
    } else if (max !== undefined && value.length > max) {
      errors.push({
        path: [field],
        message: `${field} must be at most ${max} characters`,
        name: "ValidationError" as const,
      });
    }
  }
  return errors;
}

/** The sign-up form's username and password rules (shared/forms/cms-auth.ts) in yup's error shape. */
export function shopRuleErrors(username: string, password: string): FieldError[] {
  const checked = checkForm(cmsShopAccountRules, { username, password });
  if (checked.ok) return [];
  return Object.entries(checked.errors).map(([field, message]) => ({
    path: [field],
    message: `${field}: ${message}`,
    name: "ValidationError",
  }));
}

/**
 * A code by e-mail, written in the language the request asks for (the storefront sends its page's:
 * sign-up or "forgot password" on an Arabic page), which the account then keeps; a request that
 * names none (an API client) gets the account's language.
 */
export async function sendCode(c: AuthContext, user: CmsUserRow, purpose: "reset-password" | "email-confirmation") {
  const { host } = c.var;
  const { code, statements } = await newCodeStatements(c.env.DB, user.id, purpose);
  const asked = askedLocale(c.req.header("accept-language"));
  const locale = asked ?? (await host.accountLocale(c.env.DB, user.id));
  const origin = publicOrigin(c.env, c.req.url);
  const settings = await readAuthSettings(c.env.DB);
  const link =
    purpose === "reset-password"
      ? `${localisedLink(settings.resetPasswordUrl ?? `${origin}${routePath("user-password")}`, locale)}?code=${code}`
      : `${origin}/api/auth/email-confirmation?confirmation=${code}`;
  const message =
    purpose === "reset-password"
      ? resetPasswordMail(user.email, link, locale)
      : confirmationMail(user.email, link, locale);
  await c.env.DB.batch([
    ...statements,
    ...(asked ? [host.rememberLocale(c.env.DB, user.id, asked)] : []),
    host.queueMail(c.env.DB, message),
  ]);
  printLinkLocally(c.req.url, message, link);
}
