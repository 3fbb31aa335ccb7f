import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { CmsAuthError } from "../../platform/session/auth-client";
import { signOut } from "../../platform/session/session";

/**
 * What the shopper reads when the CMS refuses: Strapi's messages are for
 * developers, so known ones become plain sentences, placed beside the field
 * they are about. The original goes to the log for anything unexpected.
 */
export interface FriendlyError {
  /** Field the message belongs beside, or null for the whole form. */
  field: string | null;
  message: string;
  /** HTTP status of the re-rendered form. */
  status: 422 | 429 | 503;
  /** The Strapi message, for branching (e.g. "Your account email is not confirmed"). */
  original: string;
}

const KNOWN: Record<string, { field: string | null; message: string }> = {
  "Invalid identifier or password": {
    field: "password",
    message: "That e-mail or username and password don't match an account. Check them and try again.",
  },
  "Your account email is not confirmed": {
    field: null,
    message: "Please confirm your e-mail address first: follow the link we sent you.",
  },
  "Your account has been blocked by an administrator": {
    field: null,
    message: "This account has been blocked. Please contact us and we will help.",
  },
  "Email or Username are already taken": {
    field: "email",
    message: "An account with this e-mail or username already exists. Sign in, or choose another.",
  },
  "Register action is currently disabled": {
    field: null,
    message: "New accounts can't be created right now. Please try again later.",
  },
  "Incorrect code provided": {
    field: null,
    message: "This reset link has expired or was already used. Ask for a new one below.",
  },
  "The provided current password is invalid": {
    field: "currentPassword",
    message: "Your current password is not right.",
  },
  "Your new password must be different than your current password": {
    field: "password",
    message: "Choose a password different from your current one.",
  },
  "Passwords do not match": { field: "passwordConfirmation", message: "The two passwords are not the same." },
  "Already confirmed": { field: null, message: "This e-mail address is already confirmed. You can sign in." },
  "User blocked": { field: null, message: "This account has been blocked. Please contact us and we will help." },
  "This provider is disabled": { field: null, message: "Signing in this way is not available right now." },
  "Email was not available.": {
    field: null,
    message: "The sign-in provider did not share your e-mail address, so we can't sign you in this way.",
  },
  "Email is already taken.": {
    field: null,
    message: "An account with this e-mail already exists. Sign in with your password instead.",
  },
};

export function friendlyError(error: unknown): FriendlyError {
  if (!(error instanceof CmsAuthError)) {
    console.error("Account request failed:", error);
    return {
      field: null,
      status: 503,
      original: String(error),
      message: "Something went wrong on our side. Please try again in a moment.",
    };
  }
  const original = error.message;
  if (error.status === 429) {
    return { field: null, status: 429, original, message: "Too many attempts. Please wait a minute, then try again." };
  }
  if (error.status >= 500) {
    console.error("CMS auth error:", error.payload.error);
    return {
      field: null,
      status: 503,
      original,
      message: "We can't reach your account right now. Please try again in a moment.",
    };
  }
  const known = KNOWN[original];
  if (known) return { ...known, status: 422, original };
  const fields = error.fieldMessages();
  const [field, message] = Object.entries(fields)[0] ?? [null, original];
  return { field, message: message ?? original, status: 422, original };
}

/**
 * The CMS no longer takes the session's token (401: ended elsewhere, or expired): sign out and
 * send the shopper to sign in again, then back to `back`. Null for any other error.
 */
export async function sessionEnded(c: Context<AppEnv>, error: unknown, back: string): Promise<Response | null> {
  if (!(error instanceof CmsAuthError && error.status === 401)) return null;
  await signOut(c);
  return c.redirect(`/user/login?notice=session-ended&redirect=${encodeURIComponent(back)}`, 303);
}
