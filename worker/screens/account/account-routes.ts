import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { ACCOUNT_FORM } from "../../platform/routing/limit-presets";
import { writes } from "../../platform/routing/route-spec";
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

accountRoutes.post(
  "/login",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postLogin,
);
accountRoutes.post(
  "/signup",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postSignup,
);
accountRoutes.post(
  "/signup/resend",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postResendConfirmation,
);
accountRoutes.post(
  "/password",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postChangePassword,
);
accountRoutes.post(
  "/password/forgot",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postForgotPassword,
);
accountRoutes.post(
  "/password/reset",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postResetPassword,
);
// A new avatar: one file.
accountRoutes.post(
  "/edit",
  writes({ body: "upload", files: 1, limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  postEdit,
);
accountRoutes.post(
  "/logout",
  writes({ body: "form", limits: ACCOUNT_FORM, csrf: "origin-checked", session: "resume", personal: true }),
  async (c) => {
    await signOut(c);
    return c.redirect("/user/login?notice=signed-out", 303);
  },
);
accountRoutes.route("/", providerSignIn);
accountRoutes.route("/", avatarRoute);
