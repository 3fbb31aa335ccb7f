import { fromBase64, toBase64, utf8 } from "../../../shared/bytes";

/**
 * Password hashing for the embedded CMS: PBKDF2-SHA256 through WebCrypto with a
 * 16-byte random salt per password. Cloudflare caps PBKDF2 at 100,000 iterations,
 * so that is the count (about 12 ms of CPU in workerd, measured). The iteration
 * count is stored in each hash, so it can be raised later and old hashes still verify.
 * Stored form: `pbkdf2-sha256$<iterations>$<salt, base64>$<hash, base64>`.
 */
export const PBKDF2_ITERATIONS = 100_000;
const PREFIX = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", utf8(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `${PREFIX}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

/** Whether the password matches the stored hash; unknown formats never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 4 || parts[0] !== PREFIX) return false;
  const iterations = Number(parts[1]);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const expected = fromBase64(parts[3]!);
  const actual = await derive(password, fromBase64(parts[2]!), iterations);
  // workerd's constant-time comparison: a mismatch does not tell how many leading bytes were right.
  return actual.length === expected.length && crypto.subtle.timingSafeEqual(actual, expected);
}

/**
 * The hash of a random, forgotten password: checking a sign-in for an unknown user
 * against it costs as much as a real check, so timing does not tell who has an account.
 */
export const DUMMY_HASH = "pbkdf2-sha256$100000$ohfNhXHnY192kgVj6xRdbA==$JKBgc5OQL1kLWkvskcnWEOrRt5OSpDoIKkOFPOOBYOU=";
