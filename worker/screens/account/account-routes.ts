import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { signOut } from "../../platform/session/session";
import { avatarRoute } from "./avatar-route";
import { postEdit } from "./edit";
import { postLogin } from "./login";
import { postChangePassword, postForgotPassword, postResetPassword } from "./password";
import { providerSignIn } from "./provider-sign-in";
import { postResendConfirmation, postSignup } from "./signup";

/**
 * The account area's routes under /user, in one place. Each screen's module holds its
 * screen (the GET, registered by page name from shared/routes.ts) and its forms' POSTs,
 * which answer with a redirect on success or the screen again with the shopper's values
 * and the messages beside the fields.
 */
export const accountRoutes = new Hono<AppEnv>();

accountRoutes.post("/login", postLogin);
accountRoutes.post("/signup", postSignup);
accountRoutes.post("/signup/resend", postResendConfirmation);
accountRoutes.post("/password", postChangePassword);
accountRoutes.post("/password/forgot", postForgotPassword);
accountRoutes.post("/password/reset", postResetPassword);
accountRoutes.post("/edit", postEdit);
accountRoutes.post("/logout", async (c) => {
  await signOut(c);
  return c.redirect("/user/login?notice=signed-out", 303);
});
accountRoutes.route("/", providerSignIn);
accountRoutes.route("/", avatarRoute);
