import type { Context } from "hono";
import type { Section } from "../../../shared/i18n/messages-type";
import { routePath } from "../../../shared/links";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { log } from "../../platform/log/log";
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

type Problem = keyof Section<"accountProblems">;

/** Strapi's messages the shopper can act on: where each goes, and which of the catalogue's sentences says it. */
const KNOWN: Record<string, { field: string | null; problem: Problem }> = {
  "Invalid identifier or password": { field: "password", problem: "wrongCredentials" },
  "Your account email is not confirmed": { field: null, problem: "notConfirmed" },
  "Your account has been blocked by an administrator": { field: null, problem: "blocked" },
  "Email or Username are already taken": { field: "email", problem: "taken" },
  "Register action is currently disabled": { field: null, problem: "registerClosed" },
  "Incorrect code provided": { field: null, problem: "codeUsed" },
  "The provided current password is invalid": { field: "currentPassword", problem: "wrongCurrent" },
  "Your new password must be different than your current password": { field: "password", problem: "samePassword" },
  "Passwords do not match": { field: "passwordConfirmation", problem: "notTheSame" },
  "Already confirmed": { field: null, problem: "alreadyConfirmed" },
  "User blocked": { field: null, problem: "blocked" },
  "This provider is disabled": { field: null, problem: "providerDisabled" },
  "Email was not available.": { field: null, problem: "providerNoEmail" },
  "Email is already taken.": { field: null, problem: "emailTaken" },
};

/** The CMS's refusal as the shopper reads it, in the request's language. */
export function friendlyError(c: Context<AppEnv>, error: unknown): FriendlyError {
  const problems = textsOf(c).m.accountProblems;
  if (!(error instanceof CmsAuthError)) {
    log.error("Account request failed", { error });
    return { field: null, status: 503, original: String(error), message: problems.ourSide };
  }
  const original = error.message;
  if (error.status === 429) return { field: null, status: 429, original, message: problems.tooMany };
  if (error.status >= 500) {
    log.error("CMS auth error", { error: error.payload.error?.message ?? error.status });
    return { field: null, status: 503, original, message: problems.unreachable };
  }
  const known = KNOWN[original];
  if (known) return { field: known.field, message: problems[known.problem], status: 422, original };
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
  return c.redirect(routePath("user-login", { query: { notice: "session-ended", redirect: back } }), 303);
}
