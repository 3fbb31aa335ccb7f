import { routePath } from "../../../shared/links";
import { safeLocalPath } from "../../platform/security/safe-path";

/**
 * The `redirect` target after sign-in: only a path on this site. Anything else
 * (another host, a protocol-relative `//host`, a backslash trick, a javascript:
 * URL) falls back to the account page, so the sign-in form can't be used to
 * send shoppers to another site. Stricter than safeLocalPath (which collapses
 * `//host` to `/host`): a link that tries that trick is not followed at all.
 */
const FALLBACK = routePath("user");

export function localRedirect(value: unknown, fallback = FALLBACK): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  const path = safeLocalPath(value, fallback);
  // Back to the sign-in or sign-up screen would loop.
  if (/^\/user\/(login|signup)(\?|#|$)/.test(path)) return fallback;
  return path;
}
