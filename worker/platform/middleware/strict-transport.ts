import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { setOnAnswer } from "./response-headers";

/** One year: long enough to count (preload lists ask for at least this), short enough to outlive a mistake. */
const MAX_AGE = 31_536_000;

/**
 * The Strict-Transport-Security value for the `HSTS_SCOPE` variable (decision 0103): "host" (the
 * default, and what an unknown value means) covers this host only, since the shop's domain may have
 * subdomains that do not serve HTTPS; "subdomains" adds includeSubDomains; "preload" also asks to be
 * on the browsers' built-in lists, which is slow to undo.
 */
export function strictTransportValue(scope: string | undefined): string {
  if (scope === "preload") return `max-age=${MAX_AGE}; includeSubDomains; preload`;
  if (scope === "subdomains") return `max-age=${MAX_AGE}; includeSubDomains`;
  return `max-age=${MAX_AGE}`;
}

/**
 * Every answer over HTTPS says to come back over HTTPS only: redirects, errors and pages alike, so
 * it runs first. Never over plain HTTP (local development on http://localhost), where it would mean
 * nothing to a browser and would only mislead whoever reads the headers.
 */
export const strictTransport = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (new URL(c.req.url).protocol !== "https:") return;
  const value = strictTransportValue(c.env.HSTS_SCOPE);
  setOnAnswer(c, (headers) => headers.set("Strict-Transport-Security", value));
});
