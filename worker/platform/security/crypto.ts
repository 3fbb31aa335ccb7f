/**
 * The worker's one place for WebCrypto and byte encodings: SHA-256, HMAC-SHA256
 * signing and verifying, constant-time comparison, and the text forms bytes take
 * (base64, base64url, hex, UTF-8). JWTs are jose's job (worker/cms/auth/auth-jwt.ts),
 * password hashing PBKDF2's (worker/cms/auth/password-hash.ts); both use these encodings.
 */
const encoder = new TextEncoder();

type Bytes = Uint8Array | ArrayBuffer;

function view(bytes: Bytes): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

/** A string's UTF-8 bytes. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** How many bytes a string takes in UTF-8 (limits are in bytes, not characters). */
export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** Standard base64 with padding (RFC 4648 §4). */
export function toBase64(bytes: Bytes): string {
  // One call with every byte as an argument: fine for what goes through here (digests, nonces, salts).
  return btoa(String.fromCharCode(...view(bytes)));
}

/** Bytes from standard base64; throws on malformed input, like atob. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
}

/** base64url without padding (RFC 4648 §5): safe in URLs, cache keys and quoted ETags. */
export function toBase64Url(bytes: Bytes): string {
  return toBase64(bytes).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Lower-case hex, two digits a byte. */
export function toHex(bytes: Bytes): string {
  return Array.from(view(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 digest of a string's UTF-8 bytes. */
export async function sha256(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(text)));
}

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
