import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { log } from "../log/log";
import { reportError } from "./report-error";

/**
 * Keeps work alive after the response (cache writes, stock changes shown, price acknowledgements).
 * A task that fails is logged and reported (decision 0115) with the request's route, which the
 * request line keeps in the log scope once the answer is ready (worker/platform/log/request-line.ts),
 * not left as an unhandled rejection nobody reads.
 */
export function backgroundTask(c: Context<AppEnv>, promise: Promise<unknown>): void {
  c.executionCtx.waitUntil(
    promise.catch((error: unknown) => {
      log.error("Background task failed", { error });
      reportError(error, {});
    }),
  );
}
