import { toHex, utf8 } from "../../../shared/bytes";

/**
 * The worker's keyed WebCrypto: HMAC-SHA256 signing and verifying and constant-time
 * comparison. Byte encodings and SHA-256 are shared/bytes.ts (the embedded CMS uses them
 * too); JWTs are jose's job.
 */

const HMAC = { name: "HMAC", hash: "SHA-256" } as const;

/**
 * The HMAC keys imported so far, by secret. A CryptoKey is a settled value that belongs to no request,
 * so the isolate keeps it: importing the key again for every cookie read and signature cost about a
 * twentieth of an add to the bag's CPU in the worker (decision 0139). A shop has two or three secrets;
 * the bound only guards against a misuse that passes a new string each time.
 */
const keys = new Map<string, CryptoKey>();
const KEYS_MAX = 16;

export async function hmacKey(secret: string): Promise<CryptoKey> {
  const known = keys.get(secret);
  if (known) return known;
  const key = await crypto.subtle.importKey("raw", utf8(secret), HMAC, false, ["sign", "verify"]);
  if (keys.size >= KEYS_MAX) keys.clear();
  keys.set(secret, key);
  return key;
}

/** HMAC-SHA256 of a message under a secret (both taken as UTF-8). */
export async function hmacSha256(secret: string, message: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), utf8(message)));
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
