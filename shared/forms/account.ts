/**
 * The account forms under /user: sign-in, sign-up, the three password forms
 * and the profile. The worker checks them before it asks the CMS; the CMS's
 * own register route applies the same username and password rules. Each schema is built per
 * locale from the catalogue (`signInSchema(t.m)`), so its messages speak the page's language.
 */
import * as v from "valibot";
import type { Section } from "../i18n/messages-type";
import { perTexts } from "./per-texts";
import { collapseSpaces, emailField, isPhone, text, trimmed } from "./rules";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

/** What the account forms' messages are written from: the catalogue's sections of a locale (`t.m`). */
export interface AccountTexts {
  accountErrors: Section<"accountErrors">;
  fieldErrors: Section<"fieldErrors">;
}

/** The password rules as a field's hint says them. */
export function passwordRules(texts: Section<"accountErrors">): string {
  return texts.passwordRules.replace("{min}", String(PASSWORD_MIN));
}

/** A new password, as typed (never trimmed). */
export function newPassword(texts: Section<"accountErrors">) {
  return v.pipe(
    text(),
    v.nonEmpty(texts.choosePassword),
    v.minLength(PASSWORD_MIN, texts.passwordShort.replace("{min}", String(PASSWORD_MIN))),
    v.maxLength(PASSWORD_MAX, texts.passwordLong.replace("{max}", String(PASSWORD_MAX))),
    v.regex(/[A-Za-z]/, texts.letterAndNumber),
    v.regex(/[0-9]/, texts.letterAndNumber),
  );
}

export const signInSchema = perTexts(({ accountErrors: texts }: AccountTexts) =>
  v.object({
    identifier: v.pipe(trimmed(), v.nonEmpty(texts.identifierMissing), v.maxLength(200, texts.identifierLong)),
    password: v.pipe(
      text(),
      v.nonEmpty(texts.passwordMissing),
      v.maxLength(PASSWORD_MAX, texts.passwordTooLong.replace("{max}", String(PASSWORD_MAX))),
    ),
  }),
);

export const signUpSchema = perTexts(({ accountErrors: texts, fieldErrors }: AccountTexts) =>
  v.object({
    username: v.pipe(trimmed(), v.nonEmpty(texts.chooseUsername), v.regex(USERNAME_PATTERN, texts.usernameInvalid)),
    email: emailField(fieldErrors),
    password: newPassword(texts),
  }),
);

/** Asking for a reset link, or for the confirmation link again. */
export const forgotPasswordSchema = perTexts(({ fieldErrors }: AccountTexts) =>
  v.object({ email: emailField(fieldErrors) }),
);

function newPasswordEntries(texts: Section<"accountErrors">) {
  return {
    password: newPassword(texts),
    passwordConfirmation: v.pipe(text(), v.nonEmpty(texts.repeatPassword)),
  };
}

/** The confirmation repeats the new password (told even while the password itself is still wrong). */
function repeatsPassword(input: { password: string; passwordConfirmation: string }): boolean {
  return input.passwordConfirmation === "" || input.passwordConfirmation === input.password;
}

export const resetPasswordSchema = perTexts(({ accountErrors: texts }: AccountTexts) =>
  v.pipe(
    v.object({
      code: v.pipe(trimmed(), v.regex(/^[0-9a-fA-F]{16,256}$/, texts.codeIncomplete)),
      ...newPasswordEntries(texts),
    }),
    v.forward(
      v.check((input) => repeatsPassword(input), texts.notTheSame),
      ["passwordConfirmation"],
    ),
  ),
);

export const changePasswordSchema = perTexts(({ accountErrors: texts }: AccountTexts) =>
  v.pipe(
    v.object({
      currentPassword: v.pipe(text(), v.nonEmpty(texts.currentMissing)),
      ...newPasswordEntries(texts),
    }),
    v.forward(
      v.check((input) => repeatsPassword(input), texts.notTheSame),
      ["passwordConfirmation"],
    ),
    v.forward(
      v.check((input) => input.currentPassword === "" || input.password !== input.currentPassword, texts.samePassword),
      ["password"],
    ),
  ),
);

export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "address", "city", "country", "postcode"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string | null>;

const orNull = v.transform((value: string) => (value === "" ? null : value));
const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

/** An optional profile field: trimmed, spaces collapsed, at most `max` characters. */
function profileText(texts: Section<"accountErrors">, max: number) {
  return v.pipe(text(), v.trim(), collapseSpaces, v.maxLength(max, texts.tooLong.replace("{max}", String(max))));
}

/** The profile: every field optional (null when left empty). */
export const profileSchema = perTexts(({ accountErrors: texts }: AccountTexts) =>
  v.object({
    firstName: v.pipe(profileText(texts, 60), orNull),
    lastName: v.pipe(profileText(texts, 60), orNull),
    phone: v.pipe(
      profileText(texts, 20),
      v.check((phone) => phone === "" || isPhone(phone), texts.phoneInvalid),
      orNull,
    ),
    address: v.pipe(profileText(texts, 200), orNull),
    city: v.pipe(profileText(texts, 80), orNull),
    country: v.pipe(profileText(texts, 80), orNull),
    postcode: v.pipe(
      profileText(texts, 12),
      v.check((postcode) => postcode === "" || POSTCODE.test(postcode), texts.postcodeInvalid),
      orNull,
    ),
  } satisfies Record<ProfileField, v.GenericSchema<string | undefined, string | null>>),
);
