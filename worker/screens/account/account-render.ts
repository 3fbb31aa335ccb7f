import type { Context } from "hono";
import { type PageContent, renderPage } from "../../frame/document/render-page";
import type { AppEnv } from "../../platform/app-env";

/**
 * Renders an account screen. Forms that fail are answered by re-rendering the
 * screen with the shopper's values and a 4xx; account screens stay out of
 * search engines and out of shared caches.
 */
export async function renderAccountPage(c: Context<AppEnv>, content: PageContent, status = 200): Promise<Response> {
  const page = await renderPage(c, content);
  const response = status === page.status ? page : new Response(page.body, { status, headers: page.headers });
  // renderPage answered through c.body, so its headers already carry this request's cookies.
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  response.headers.set("Cache-Control", "private, no-store");
  return response;
}

/** Short notices shown after a redirect (`?notice=`); only these keys, never text from the URL. */
export const NOTICES = {
  "signed-out": "You are signed out. See you soon.",
  confirmed: "Thank you, your e-mail address is confirmed. You can sign in now.",
  "password-changed": "Your password has been changed.",
  "password-reset": "Your new password is set and you are signed in.",
  "reset-sent":
    "If an account uses that e-mail address, we have sent it a link to reset the password. The link works for one hour.",
  "profile-saved": "Your profile has been saved.",
  welcome: "Welcome! Your account is ready.",
  "signed-in": "You are signed in.",
  "provider-failed": "We couldn't sign you in with that provider. Please try again or use your e-mail and password.",
  "session-ended": "Your session has ended. Please sign in again.",
} as const;

export type NoticeKey = keyof typeof NOTICES;

export function noticeFrom(c: Context<AppEnv>): string | null {
  const key = c.req.query("notice") ?? (c.req.query("confirmed") ? "confirmed" : "");
  return key in NOTICES ? NOTICES[key as NoticeKey] : null;
}
