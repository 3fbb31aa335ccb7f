import { rememberAccountLocale } from "../../platform/accounts/account-locale-store";
import type { SignInHook } from "../../platform/app-env";

/** At sign-in, the account takes the language of the page it signed in from (its e-mails are written in it). */
export const rememberLocaleOnSignIn: SignInHook = async (c, user) => {
  await rememberAccountLocale(c.env.DB, user.id, c.get("locale"));
};
