import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../../platform/app-env";
import { reportError } from "../../platform/errors/report-error";
import { log } from "../../platform/log/log";
import { routeName } from "../../platform/log/request-line";
import { lookupFailed } from "../../platform/page-fate";
import { SessionUserUnknown } from "../../platform/session/session-user-unknown";
import { renderAccountUnknown } from "./account-unknown";
import { renderErrorScreen } from "./error-screen";
import { renderNotFound } from "./not-found";
import { renderUnavailable } from "./unavailable";

/**
 * The one place unexpected errors end: logged once as "Error in app:", reported
 * (with SENTRY_DSN set: worker/platform/errors/report-error.ts) and
 * answered with the error screen. Expected failures (HTTPException under 500)
 * keep their status and message; a 404 gets the not-found page. A shared page
 * whose look-up failed (a D1 call that threw, its retries spent) is nothing
 * wrong with the page: a 503 to ask again (decision 0101), as is a signed-in shopper whose account
 * the CMS could not give (decision 0135).
 */
export function handleAppError(error: Error, c: Context<AppEnv>): Response | Promise<Response> {
  // Logged where it happened (the session middleware): the CMS's trouble, not the app's.
  if (error instanceof SessionUserUnknown) return renderAccountUnknown(c);
  if (error instanceof HTTPException && error.status < 500) {
    if (error.status === 404) return renderNotFound(c);
    return error.getResponse();
  }
  log.error("Error in app", { error });
  reportError(error, { route: routeName(c) });
  if (lookupFailed(c.get("keeping")?.fate)) return renderUnavailable(c);
  return renderErrorScreen(c);
}
