import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { configuredProviders } from "../../../shared/auth-providers";
import { DEFAULT_LOCALE } from "../../../shared/constants";
import { PROVIDER_STATE_COOKIE } from "../../../shared/cookie-names";
import { routePath } from "../../../shared/links";
import { isLocale, localizePath } from "../../../shared/locale-path";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { timingSafeEqual } from "../../platform/security/crypto";
import { authClient } from "../../platform/session/auth-client";
import { leaveSessionForSignIn, signIn, signInFailed } from "../../platform/session/session";
import { friendlyError } from "./friendly-errors";
import { renderLogin } from "./login";
import { localRedirect } from "./safe-redirect";

/**
 * Sign-in with a provider, the hand-offs behind the sign-in screen's "Continue with …" buttons.
 *
 * A provider sign-in is bound to the browser that started it (login CSRF: without this, a
 * link carrying an attacker's access token would sign the victim into the attacker's
 * account, and the victim's bag, favourites and orders would go to it). Starting sets a
 * random `state` in a `__Host-` cookie (this host only, path /, Secure) with the redirect
 * target; the callback needs the cookie, and the same `state` when the provider echoes it.
 * A real Strapi does not pass `state` on to the shop, so there the cookie alone binds it.
 *
 * The provider returns to one callback URL, without a locale prefix, so the cookie keeps the
 * language of the page the shopper started on too: the callback answers in it, the account
 * remembers it at sign-in, and the shopper lands on that language's page.
 */
export const providerSignIn = new Hono<AppEnv>();

const STATE_PATTERN = /^[0-9a-f]{32}$/;

providerSignIn.get("/connect/:provider", (c) => {
  const name = c.req.param("provider");
  if (!configuredProviders(c.env)[name])
    return c.redirect(routePath("user-login", { query: { notice: "provider-failed" } }), 302);
  const state = crypto.randomUUID().replaceAll("-", "");
  const redirect = localRedirect(c.req.query("redirect"));
  setCookie(c, PROVIDER_STATE_COOKIE, `${state} ${c.get("locale")} ${redirect}`, {
    path: "/",
    maxAge: 600,
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  });
  return c.redirect(`${authClient(c).providerStartUrl(name)}?state=${state}`, 302);
});

/** The provider (or the CMS, for a real Strapi) sends the shopper here with `?access_token=`. */
providerSignIn.get("/auth/:provider/callback", async (c) => {
  const accessToken = c.req.query("access_token");
  const [expected = "", started = "", ...target] = (getCookie(c, PROVIDER_STATE_COOKIE) ?? "").split(" ");
  deleteCookie(c, PROVIDER_STATE_COOKIE, { path: "/", secure: true });
  // The callback's own path has no prefix: the shopper's language is the one they started in.
  const locale = isLocale(started) ? started : DEFAULT_LOCALE;
  c.set("locale", locale);
  const returned = c.req.query("state");
  const stateRequired = !c.env.CMS_URL || returned !== undefined;
  if (!STATE_PATTERN.test(expected) || (stateRequired && !timingSafeEqual(returned ?? "", expected))) {
    return renderLogin(c, { alert: textsOf(c).m.account.notThisBrowser }, 400);
  }
  const redirect = localizePath(locale, localRedirect(target.join(" ")));
  if (!accessToken) return c.redirect(routePath("user-login", { query: { notice: "provider-failed" }, locale }), 302);
  try {
    await leaveSessionForSignIn(c);
    const answer = await authClient(c).providerCallback(c.req.param("provider"), accessToken);
    await signIn(c, answer);
  } catch (error) {
    signInFailed(c);
    const problem = friendlyError(c, error);
    return renderLogin(c, { alert: problem.message }, problem.status === 422 ? 400 : problem.status);
  }
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(redirect, 302);
});
