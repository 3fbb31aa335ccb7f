import type { SignInHook } from "../../platform/app-env";
import { mergeCarts } from "../../platform/bag/cart-writes";

/** On sign-in, this browser's anonymous bag joins the account's (quantities added, capped). */
export const mergeBagOnSignIn: SignInHook = async (c, user, visitorId) => {
  if (!visitorId) return;
  await mergeCarts(c.env.DB, { kind: "visitor", id: visitorId }, { kind: "user", id: String(user.id) });
};
