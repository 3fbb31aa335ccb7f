import type { Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { LOCALE_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../../platform/app-env";
import { backgroundTask } from "../../platform/errors/background-task";
import { log } from "../../platform/log/log";
import { releaseRender } from "./render-lock";

/*
 * The background render of a stale page (docs/decisions/0084-stale-shells.md): an anonymous GET
 * of the same URL, sent through the whole app again after the shopper has had the stale copy.
 * It goes through every middleware a shopper's request does (redirects, route middleware, the
 * page shell), carries only the locale cookie, so nothing personal can reach what it keeps, and
 * the page shell middleware renders it without looking for a kept copy, then keeps it.
 */

/** Marks the background render, so the page shell renders it rather than serving the stale copy again. */
const REFRESH_HEADER = "X-Shell-Refresh";

/**
 * This isolate's proof that a request is its own background render: made on first use (random
 * values can't be made at module scope), a settled string. From outside the header is unknown,
 * so no visitor can make the shop skip its kept copies.
 */
let refreshToken: string | undefined;

/** Global middleware (worker/index.ts): lends this request the app, to send its background render through. */
export function shellRefresh(app: Pick<Hono<AppEnv>, "fetch">) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("renderAnew", (request) => app.fetch(request, c.env, c.executionCtx));
    await next();
  });
}

/** Whether this request is a background render of a stale page. */
export function isShellRefresh(c: Context<AppEnv>): boolean {
  return refreshToken !== undefined && c.req.header(REFRESH_HEADER) === refreshToken;
}

/** Whether this request can start a background render (the app was lent, it is not one itself). */
export function canRefresh(c: Context<AppEnv>): boolean {
  return c.get("renderAnew") !== undefined && !isShellRefresh(c);
}

/**
 * Renders this page anew in the background (waitUntil) and keeps it; the render lock on `lockKey`
 * is released by the page shell that keeps it, or here when the render could not run.
 */
export function refreshInBackground(c: Context<AppEnv>, lockKey: string): void {
  const renderAnew = c.get("renderAnew");
  if (!renderAnew) {
    releaseRender(lockKey);
    return;
  }
  refreshToken ??= crypto.randomUUID();
  const request = new Request(c.req.url, {
    headers: { Cookie: `${LOCALE_COOKIE}=${c.get("locale")}`, [REFRESH_HEADER]: refreshToken },
  });
  backgroundTask(
    c,
    (async () => {
      try {
        // Read to the end: the copy being kept is a tee of this one.
        await (await renderAnew(request)).arrayBuffer();
      } catch (error) {
        releaseRender(lockKey);
        log.error("Rendering a stale page anew failed", { error });
      }
    })(),
  );
}
