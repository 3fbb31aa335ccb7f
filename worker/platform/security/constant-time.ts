/**
 * Compares two secrets without leaking where they differ: workerd's
 * crypto.subtle.timingSafeEqual over the UTF-8 bytes (lengths are compared
 * first; a length is not secret here).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.length !== y.length) return false;
  // The DOM lib's SubtleCrypto type lacks this workerd extension.
  const subtle = crypto.subtle as unknown as { timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean };
  return subtle.timingSafeEqual(x, y);
}
