/**
 * The embedded CMS's auth request bodies (/api/auth/...). A real Strapi checks
 * them with yup (`strict: true, abortEarly: false`), so the messages are yup's,
 * field by field; what counts as an e-mail is the shop's one rule. Unknown keys
 * are the body reader's concern (worker/cms/auth/request-body.ts).
 */
import * as v from "valibot";
import { en } from "../i18n/en";
import { newPassword, USERNAME_PATTERN } from "./account";
import { isEmail, text } from "./rules";

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** A value as yup prints it in a type error. */
function describe(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

/** yup's `string().required()` (strict: no casting). */
function yupString(field: string) {
  return v.pipe(
    // A missing key reads as null (an optional's default must not be undefined for valibot to run the checks).
    v.optional(v.unknown(), null),
    v.check((value) => !isBlank(value), `${field} is a required field`),
    v.check(
      (value) => isBlank(value) || typeof value === "string",
      (issue) => `${field} must be a \`string\` type, but the final value was: \`${describe(issue.input)}\`.`,
    ),
  );
}

/** yup's `string().email().required()`. */
function yupEmail(field: string) {
  return v.pipe(
    yupString(field),
    v.check((value) => typeof value !== "string" || value === "" || isEmail(value), `${field} must be a valid email`),
  );
}

/** yup's `oneOf([ref("password")], "Passwords do not match")` on a non-empty string. */
function matchesPassword(input: { password: unknown; passwordConfirmation: unknown }): boolean {
  const confirmation = input.passwordConfirmation;
  return isBlank(confirmation) || typeof confirmation !== "string" || confirmation === input.password;
}

export const cmsSignInBody = v.object({
  identifier: yupString("identifier"),
  password: yupString("password"),
});

export const cmsRegisterBody = v.object({
  username: yupString("username"),
  email: yupEmail("email"),
  password: yupString("password"),
});

/** forgot-password and send-email-confirmation. */
export const cmsEmailBody = v.object({ email: yupEmail("email") });

export const cmsResetPasswordBody = v.pipe(
  v.object({
    password: yupString("password"),
    passwordConfirmation: yupString("passwordConfirmation"),
    code: yupString("code"),
  }),
  v.forward(
    v.check((input) => matchesPassword(input), "Passwords do not match"),
    ["passwordConfirmation"],
  ),
);

export const cmsChangePasswordBody = v.pipe(
  v.object({
    password: yupString("password"),
    passwordConfirmation: yupString("passwordConfirmation"),
    currentPassword: yupString("currentPassword"),
  }),
  v.forward(
    v.check((input) => matchesPassword(input), "Passwords do not match"),
    ["passwordConfirmation"],
  ),
);

/**
 * Not Strapi's: the shop's sign-up rules for a username and a password, which the
 * register route applies too, so the API is no way around them. Its messages are the API's,
 * in English as every other message of the API (the sign-up form has told the shopper
 * the same in the page's language before anything reaches the API).
 */
export const cmsShopAccountRules = v.object({
  username: v.pipe(text(), v.regex(USERNAME_PATTERN, en.accountErrors.usernameRules)),
  password: newPassword(en.accountErrors),
});
