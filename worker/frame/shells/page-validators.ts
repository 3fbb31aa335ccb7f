/**
 * Validators for pages that are the same for every visitor: a strong ETag (their
 * content-derived CSP nonce: frame/personal/nonce.ts). See docs/decisions/0004-public-pages-content-nonce.md.
 */
import { shortDigest } from "../../../shared/bytes";

export async function strongEtag(body: string): Promise<string> {
  return `"${await shortDigest(body)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
