import type { Context } from "hono";
import type { AppEnv } from "./app-env";

/** Keeps work alive after the response (cache writes, stock changes shown, price acknowledgements). */
export function backgroundTask(c: Context<AppEnv>, promise: Promise<unknown>): void {
  c.executionCtx.waitUntil(promise);
}
