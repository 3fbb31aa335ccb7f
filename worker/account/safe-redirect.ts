/**
 * The `redirect` target after sign-in: only a path on this site. Anything else
 * (another host, a protocol-relative `//host`, a backslash trick, a javascript:
 * URL) falls back to the account page, so the sign-in form can't be used to
 * send shoppers to another site.
 */
const FALLBACK = "/user";

export function localRedirect(value: unknown, fallback = FALLBACK): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const base = "https://shop.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Back to the sign-in or sign-up screen would loop.
  if (/^\/user\/(login|signup)$/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
