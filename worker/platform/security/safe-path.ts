/**
 * The one place a redirect target is made from something a client sent (a path, a
 * `redirect` parameter, a Referer). The result is always a path on this site:
 * it starts with exactly one `/`, so a browser can never read it as `//host` or
 * `/\host` (both mean "another host" to browsers). The function is idempotent —
 * feeding its answer back gives the same answer — so no later normalisation
 * (URL parsing `/.//evil.com` to `//evil.com`) can turn a safe path into an unsafe one.
 */
const BASE = "https://shop.invalid";
const MAX_LENGTH = 2000;

/** A run of leading slashes and backslashes becomes one slash. */
function collapseLeading(path: string): string {
  return path.replace(/^[/\\]+/, "/");
}

export function safeLocalPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  if (!/^[/\\]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(collapseLeading(value), BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Dot segments are resolved by the parser, which can leave `//` at the start again.
  const path = collapseLeading(url.pathname);
  return `${path}${url.search}${url.hash}`;
}

/** The Referer's path when it is a page of this site (for "back to where you were"), else the fallback. */
export function sameOriginBack(referer: string | undefined, requestUrl: string, fallback: string): string {
  if (!referer) return fallback;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(requestUrl).origin) return fallback;
  return safeLocalPath(url.pathname + url.search, fallback);
}
