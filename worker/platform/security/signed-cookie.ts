import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { CookieOptions } from "hono/utils/cookie";
import { fromBase64, toBase64, utf8 } from "../../../shared/bytes";
import { hmacKey } from "./crypto";

/**
 * Cookies signed with HMAC-SHA256, in Hono's format (`value.signature`, the signature 44 characters
 * of base64), so cookies set before this module still read. Hono's own helpers import the key again
 * on every read and write; these use the isolate's imported key (crypto.ts hmacKey, decision 0139).
 */

/** The cookie's value when its signature is the secret's; null when it is missing, malformed or forged. */
export async function readSignedCookie(c: Context, name: string, secret: string): Promise<string | null> {
  const cookie = getCookie(c, name);
  if (!cookie) return null;
  const at = cookie.lastIndexOf(".");
  if (at < 0) return null;
  const value = cookie.slice(0, at);
  const signature = cookie.slice(at + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = fromBase64(signature);
  } catch {
    return null;
  }
  return (await crypto.subtle.verify("HMAC", await hmacKey(secret), bytes, utf8(value))) ? value : null;
}

/** Sets the cookie to `value` and its signature under the secret. */
export async function writeSignedCookie(
  c: Context,
  name: string,
  value: string,
  secret: string,
  options: CookieOptions,
): Promise<void> {
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), utf8(value)));
  setCookie(c, name, `${value}.${toBase64(signature)}`, options);
}
