import { Hono } from "hono";
import { routePath } from "../../../shared/links";
import type { AppEnv } from "../../platform/app-env";
import { ACCOUNT_FORM } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
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

/** The account's forms (sign-in, sign-up, password, profile, sign-out): at the account forms' limits. */
const ACCOUNT_POST: WriteSpec = {
  body: "form",
  limits: ACCOUNT_FORM,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

accountRoutes.post("/login", writes(ACCOUNT_POST), postLogin);
accountRoutes.post("/signup", writes(ACCOUNT_POST), postSignup);
accountRoutes.post("/signup/resend", writes(ACCOUNT_POST), postResendConfirmation);
accountRoutes.post("/password", writes(ACCOUNT_POST), postChangePassword);
accountRoutes.post("/password/forgot", writes(ACCOUNT_POST), postForgotPassword);
accountRoutes.post("/password/reset", writes(ACCOUNT_POST), postResetPassword);
// The profile form carries the avatar: one file.
accountRoutes.post("/edit", writes({ ...ACCOUNT_POST, body: "upload", files: 1 }), postEdit);
// Signing out needs no word from the CMS about whose session it is: it goes on when the CMS is down.
accountRoutes.post("/logout", writes({ ...ACCOUNT_POST, session: "leave" }), async (c) => {
  await signOut(c);
  return c.redirect(routePath("user-login", { query: { notice: "signed-out" } }), 303);
});
accountRoutes.route("/", providerSignIn);
accountRoutes.route("/", avatarRoute);
