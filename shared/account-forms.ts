/**
 * One schema per account form, used by the worker (the authority) and by any
 * island that shows the same messages early. Each returns the cleaned values
 * or a message per field.
 */
export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<keyof T & string, string>> };

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULES = `Use at least ${PASSWORD_MIN} characters, with at least one letter and one number.`;
export const USERNAME_RULES = "3 to 30 characters: letters, numbers, dots, dashes or underscores.";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Also applied by the embedded CMS's register route, so the API is no way around it. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
const USERNAME = USERNAME_PATTERN;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const POSTCODE = /^[A-Za-z0-9 -]{2,12}$/;

type Input = Record<string, unknown>;

function field(input: Input, name: string): string {
  const value = input[name];
  return typeof value === "string" ? value : "";
}

function finish<T>(value: T, errors: Record<string, string>): FormResult<T> {
  if (Object.keys(errors).length === 0) return { ok: true, value };
  return { ok: false, errors: errors as Partial<Record<keyof T & string, string>> };
}

/** Null when the password meets the rules, else what is missing. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return "Choose a password.";
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if (!/[A-Za-z]/.test(password) || !/[0-9]/.test(password)) return "Use at least one letter and one number.";
  return null;
}

export function checkEmail(email: string): string | null {
  if (email.length === 0) return "Enter your e-mail address.";
  if (email.length > 200 || !EMAIL.test(email)) return "Enter an e-mail address like name@example.com.";
  return null;
}

export interface LoginForm {
  identifier: string;
  password: string;
}

export function checkLoginForm(input: Input): FormResult<LoginForm> {
  const identifier = field(input, "identifier").trim();
  const password = field(input, "password");
  const errors: Record<string, string> = {};
  if (!identifier) errors.identifier = "Enter your e-mail or username.";
  else if (identifier.length > 200) errors.identifier = "That is longer than any e-mail or username we have.";
  if (!password) errors.password = "Enter your password.";
  else if (password.length > PASSWORD_MAX) errors.password = `Passwords here are at most ${PASSWORD_MAX} characters.`;
  return finish({ identifier, password }, errors);
}

export interface SignupForm {
  username: string;
  email: string;
  password: string;
}

export function checkSignupForm(input: Input): FormResult<SignupForm> {
  const username = field(input, "username").trim();
  const email = field(input, "email").trim().toLowerCase();
  const password = field(input, "password");
  const errors: Record<string, string> = {};
  if (!username) errors.username = "Choose a username.";
  else if (!USERNAME.test(username))
    errors.username = `Use ${USERNAME_RULES.charAt(0).toLowerCase()}${USERNAME_RULES.slice(1)}`;
  const emailProblem = checkEmail(email);
  if (emailProblem) errors.email = emailProblem;
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  return finish({ username, email, password }, errors);
}

export interface ForgotPasswordForm {
  email: string;
}

export function checkForgotPasswordForm(input: Input): FormResult<ForgotPasswordForm> {
  const email = field(input, "email").trim().toLowerCase();
  const problem = checkEmail(email);
  return finish({ email }, problem ? { email: problem } : {});
}

export interface NewPasswordForm {
  password: string;
  passwordConfirmation: string;
}

function checkNewPassword(input: Input, errors: Record<string, string>): NewPasswordForm {
  const password = field(input, "password");
  const passwordConfirmation = field(input, "passwordConfirmation");
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  if (!passwordConfirmation) errors.passwordConfirmation = "Type the new password again.";
  else if (passwordConfirmation !== password) errors.passwordConfirmation = "The two passwords are not the same.";
  return { password, passwordConfirmation };
}

export interface ResetPasswordForm extends NewPasswordForm {
  code: string;
}

export function checkResetPasswordForm(input: Input): FormResult<ResetPasswordForm> {
  const errors: Record<string, string> = {};
  const code = field(input, "code").trim();
  if (!/^[0-9a-fA-F]{16,256}$/.test(code)) errors.code = "This reset link is incomplete. Ask for a new one.";
  return finish({ code, ...checkNewPassword(input, errors) }, errors);
}

export interface ChangePasswordForm extends NewPasswordForm {
  currentPassword: string;
}

export function checkChangePasswordForm(input: Input): FormResult<ChangePasswordForm> {
  const errors: Record<string, string> = {};
  const currentPassword = field(input, "currentPassword");
  if (!currentPassword) errors.currentPassword = "Enter your current password.";
  const next = checkNewPassword(input, errors);
  if (!errors.password && currentPassword && next.password === currentPassword) {
    errors.password = "Choose a password different from your current one.";
  }
  return finish({ currentPassword, ...next }, errors);
}

export const PROFILE_FIELDS = ["firstName", "lastName", "phone", "address", "city", "country", "postcode"] as const;
export type ProfileForm = Record<(typeof PROFILE_FIELDS)[number], string | null>;

const PROFILE_LIMITS: Record<(typeof PROFILE_FIELDS)[number], number> = {
  firstName: 60,
  lastName: 60,
  phone: 20,
  address: 200,
  city: 80,
  country: 80,
  postcode: 12,
};

export function checkProfileForm(input: Input): FormResult<ProfileForm> {
  const errors: Record<string, string> = {};
  const value = {} as ProfileForm;
  for (const name of PROFILE_FIELDS) {
    const raw = field(input, name).trim().replace(/\s+/g, " ");
    value[name] = raw === "" ? null : raw;
    if (raw.length > PROFILE_LIMITS[name]) errors[name] = `Use at most ${PROFILE_LIMITS[name]} characters.`;
  }
  if (!errors.phone && value.phone && !PHONE.test(value.phone)) {
    errors.phone = "Enter a phone number with digits, e.g. +971 50 123 4567.";
  }
  if (!errors.postcode && value.postcode && !POSTCODE.test(value.postcode)) {
    errors.postcode = "Use letters, numbers, spaces or dashes.";
  }
  return finish(value, errors);
}
