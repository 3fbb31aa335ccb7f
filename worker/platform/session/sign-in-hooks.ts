import type { Context } from "hono";
import { mergeBagOnSignIn } from "../../screens/cart/merge-on-sign-in";
import { mergeFavouritesOnSignIn } from "../../screens/favourites/favourite-routes";
import type { AppEnv, SessionUser } from "../app-env";
import { readVisitorId } from "../security/visitor-id";

/**
 * What else happens when a shopper signs in (login, registration, password
 * reset, provider callback): e.g. the anonymous bag and favourites of this
 * browser's visitor id move into the account. Add your hook to the list:
 *
 *   import { mergeBagOnSignIn } from "../../screens/cart/merge-on-sign-in";
import { mergeFavouritesOnSignIn } from "../../screens/favourites/favourite-routes";
 *   export const onSignIn: readonly SignInHook[] = [mergeBagOnSignIn, mergeFavouritesOnSignIn];
 *
 * A hook gets the request context (c.var.user and c.var.token are already the
 * new session), the user, and the anonymous visitor id (null when the browser
 * has none). Hooks run in order; one that throws is logged and does not stop
 * the sign-in or the others.
 */
export type SignInHook = (c: Context<AppEnv>, user: SessionUser, visitorId: string | null) => Promise<void>;

export const onSignIn: readonly SignInHook[] = [mergeBagOnSignIn, mergeFavouritesOnSignIn];

export async function runSignInHooks(
  c: Context<AppEnv>,
  user: SessionUser,
  hooks: readonly SignInHook[] = onSignIn,
): Promise<void> {
  if (hooks.length === 0) return;
  const visitorId = await readVisitorId(c);
  for (const hook of hooks) {
    try {
      await hook(c, user, visitorId);
    } catch (error) {
      console.error("Sign-in hook failed:", error);
    }
  }
}
