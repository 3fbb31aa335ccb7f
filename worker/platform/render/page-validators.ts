/**
 * Validators for pages that are the same for every visitor: a content-derived
 * CSP nonce and a strong ETag. See docs/decisions/0004-public-pages-content-nonce.md.
 */
const encoder = new TextEncoder();

function base64(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)));
}

/**
 * The nonce of a public page is derived from its content: an HMAC over the
 * HTML with the placeholder or request nonce taken out. The same page gives
 * the same bytes (so a strong ETag is honest and a cached copy's CSP header
 * still matches its body), while nobody without the secret can predict it, and
 * an injected `<script nonce=…>` would change the content it is derived from.
 */
export async function contentNonce(secret: string, html: string, placeholder: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`csp-nonce\n${html.replaceAll(placeholder, "")}`));
  return base64(mac.slice(0, 16));
}

export async function strongEtag(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(body));
  return `"${base64(digest.slice(0, 18)).replace(/\+/g, "-").replace(/\//g, "_")}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
