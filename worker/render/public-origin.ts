import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/** The shop's canonical origin: PUBLIC_ORIGIN when set, else the request's. */
export function publicOrigin(c: Context<AppEnv>): string {
  return (c.env.PUBLIC_ORIGIN || new URL(c.req.url).origin).replace(/\/+$/, "");
}
