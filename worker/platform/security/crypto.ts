import { toHex, utf8 } from "../../../shared/bytes";

/**
 * The worker's keyed WebCrypto: HMAC-SHA256 signing and verifying and constant-time
 * comparison. Byte encodings and SHA-256 are shared/bytes.ts (the embedded CMS uses them
 * too); JWTs are jose's job.
 */

/** HMAC-SHA256 of a message under a secret (both taken as UTF-8). */
export async function hmacSha256(secret: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8(message)));
}

/**
 * Whether any of the presented hex signatures is the message's HMAC-SHA256 under
 * the secret. Each is compared in constant time: a mismatch does not tell a forger
 * how many leading characters were right.
 */
export async function verifyHmacSha256Hex(
  secret: string,
  message: string,
  presented: readonly string[],
): Promise<boolean> {
  const expected = toHex(await hmacSha256(secret, message));
  return presented.some((signature) => timingSafeEqual(signature, expected));
}

/**
 * Compares two secrets without leaking where they differ: workerd's
 * crypto.subtle.timingSafeEqual over the bytes (strings as UTF-8). Lengths are
 * compared first; a length is not secret here.
 */
export function timingSafeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === "string" ? utf8(a) : a;
  const y = typeof b === "string" ? utf8(b) : b;
  if (x.length !== y.length) return false;
  return crypto.subtle.timingSafeEqual(x, y);
}
