/**
 * The account forms under /user: sign-in, sign-up, the three password forms
 * and the profile. The worker checks them before it asks the CMS; the CMS's
 * own register route applies the same username and password rules.
 */
import * as v from "valibot";
import { collapseSpaces, EMAIL_MESSAGES, email, isPhone, text, trimmed } from "./rules";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULES = `Use at least ${PASSWORD_MIN} characters, with at least one letter and one number.`;
export const USERNAME_RULES = "3 to 30 characters: letters, numbers, dots, dashes or underscores.";
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

const LETTER_AND_NUMBER = "Use at least one letter and one number.";

/** A new password, as typed (never trimmed). */
export const newPassword = v.pipe(
  text(),
  v.nonEmpty("Choose a password."),
  v.minLength(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`),
  v.maxLength(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`),
  v.regex(/[A-Za-z]/, LETTER_AND_NUMBER),
  v.regex(/[0-9]/, LETTER_AND_NUMBER),
);

export const signInSchema = v.object({
  identifier: v.pipe(
    trimmed(),
    v.nonEmpty("Enter your e-mail or username."),
    v.maxLength(200, "That is longer than any e-mail or username we have."),
  ),
  password: v.pipe(
    text(),
    v.nonEmpty("Enter your password."),
    v.maxLength(PASSWORD_MAX, `Passwords here are at most ${PASSWORD_MAX} characters.`),
  ),
});

export const signUpSchema = v.object({
  username: v.pipe(
    trimmed(),
    v.nonEmpty("Choose a username."),
    v.regex(USERNAME_PATTERN, `Use ${USERNAME_RULES.charAt(0).toLowerCase()}${USERNAME_RULES.slice(1)}`),
  ),
  email: email(EMAIL_MESSAGES),
  password: newPassword,
});

/** Asking for a reset link, or for the confirmation link again. */
export const forgotPasswordSchema = v.object({ email: email(EMAIL_MESSAGES) });

const newPasswordEntries = {
  password: newPassword,
  passwordConfirmation: v.pipe(text(), v.nonEmpty("Type the new password again.")),
};

/** The confirmation repeats the new password (told even while the password itself is still wrong). */
function repeatsPassword(input: { password: string; passwordConfirmation: string }): boolean {
  return input.passwordConfirmation === "" || input.passwordConfirmation === input.password;
}
const NOT_THE_SAME = "The two passwords are not the same.";

export const resetPasswordSchema = v.pipe(
  v.object({
    code: v.pipe(trimmed(), v.regex(/^[0-9a-fA-F]{16,256}$/, "This reset link is incomplete. Ask for a new one.")),
    ...newPasswordEntries,
  }),
  v.forward(
    v.check((input) => repeatsPassword(input), NOT_THE_SAME),
    ["passwordConfirmation"],
  ),
);

export const changePasswordSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(text(), v.nonEmpty("Enter your current password.")),
    ...newPasswordEntries,
  }),
  v.forward(
    v.check((input) => repeatsPassword(input), NOT_THE_SAME),
    ["passwordConfirmation"],
  ),
  v.forward(
    v.check(
      (input) => input.currentPassword === "" || input.password !== input.currentPassword,
      "Choose a password different from your current one.",
    ),
    ["password"],
  ),
);

export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "address", "city", "country", "postcode"] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileForm = Record<ProfileField, string | null>;

const orNull = v.transform((value: string) => (value === "" ? null : value));
const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

/** An optional profile field: trimmed, spaces collapsed, at most `max` characters. */
function profileText(max: number) {
  return v.pipe(text(), v.trim(), collapseSpaces, v.maxLength(max, `Use at most ${max} characters.`));
}

/** The profile: every field optional (null when left empty). */
export const profileSchema = v.object({
  firstName: v.pipe(profileText(60), orNull),
  lastName: v.pipe(profileText(60), orNull),
  phone: v.pipe(
    profileText(20),
    v.check((phone) => phone === "" || isPhone(phone), "Enter a phone number with digits, e.g. +971 50 123 4567."),
    orNull,
  ),
  address: v.pipe(profileText(200), orNull),
  city: v.pipe(profileText(80), orNull),
  country: v.pipe(profileText(80), orNull),
  postcode: v.pipe(
    profileText(12),
    v.check((postcode) => postcode === "" || POSTCODE.test(postcode), "Use letters, numbers, spaces or dashes."),
    orNull,
  ),
} satisfies Record<ProfileField, v.GenericSchema<string | undefined, string | null>>);
