/**
 * Bytes and the text forms they take (UTF-8, base64, base64url, hex) and their SHA-256: what
 * the shop's platform and the embedded CMS both need, so it sits below both. Keys and
 * constant-time comparison stay with the worker's WebCrypto (worker/platform/security/crypto.ts).
 */
const encoder = new TextEncoder();

type Bytes = Uint8Array | ArrayBuffer;

function view(bytes: Bytes): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
}

/** A string's UTF-8 bytes. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

/**
 * How many bytes a string takes in UTF-8 (limits are in bytes, not characters), counted from its
 * UTF-16 units without encoding it: the secrets are measured on every request (shared/secrets.ts),
 * and an encoder's copy of each cost more than the count. A lone surrogate counts as the three
 * bytes of U+FFFD, as TextEncoder writes it.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) bytes += 1;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A pair: two units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;

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

/** A short name for a text: the first 144 bits of its SHA-256, base64url (24 characters; for keys and ETags, not secrets). */
export async function shortDigest(text: string): Promise<string> {
  return toBase64Url((await sha256(text)).subarray(0, 18));
}
