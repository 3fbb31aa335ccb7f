import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../../platform/app-env";
import { renderErrorScreen } from "./error-screen";
import { renderNotFound } from "./not-found";

/**
 * The one place unexpected errors end: logged once as "Error in app:" and
 * answered with the error screen. Expected failures (HTTPException under 500)
 * keep their status and message; a 404 gets the not-found page.
 */
export function handleAppError(error: Error, c: Context<AppEnv>): Response | Promise<Response> {
  if (error instanceof HTTPException && error.status < 500) {
    if (error.status === 404) return renderNotFound(c);
    return error.getResponse();
  }
  console.error("Error in app:", error);
  return renderErrorScreen(c);
}
