import type { SignInHook } from "../../platform/app-env";
import { attachProvenGuestOrders } from "../../platform/orders/guest-orders-claim";

/** On sign-in of a confirmed account whose e-mail was proven: its guest orders join "My orders". */
export const attachGuestOrdersOnSignIn: SignInHook = async (c, user) => {
  if (!user.confirmed) return;
  await attachProvenGuestOrders(c.env.DB, user);
};
