/**
 * Validators for pages that are the same for every visitor: a content-derived
 * CSP nonce and a strong ETag. See docs/decisions/0004-public-pages-content-nonce.md.
 */
import { sha256, toBase64, toBase64Url } from "../../../shared/bytes";
import { hmacSha256 } from "../../platform/security/crypto";

/**
 * The nonce of a public page is derived from its content: an HMAC over the
 * HTML with the placeholder or request nonce taken out. The same page gives
 * the same bytes (so a strong ETag is honest and a cached copy's CSP header
 * still matches its body), while nobody without the secret can predict it, and
 * an injected `<script nonce=…>` would change the content it is derived from.
 */
export async function contentNonce(secret: string, html: string, placeholder: string): Promise<string> {
  const mac = await hmacSha256(secret, `csp-nonce\n${html.replaceAll(placeholder, "")}`);
  return toBase64(mac.subarray(0, 16));
}

export async function strongEtag(body: string): Promise<string> {
  // 18 bytes: 24 base64url characters, no padding.
  return `"${toBase64Url((await sha256(body)).subarray(0, 18))}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
