import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";

/** The shop's public origin: PUBLIC_ORIGIN when configured, else the request's own. */
export function siteOrigin(c: Context<AppEnv>): string {
  const configured = (c.env.PUBLIC_ORIGIN ?? "").trim().replace(/\/+$/, "");
  if (configured) return configured;
  return new URL(c.req.url).origin;
}

/** An absolute URL on the shop for a path (or an already absolute URL, unchanged). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}
