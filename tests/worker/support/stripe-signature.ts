/**
 * Stripe's webhook signature, computed from its documentation with WebCrypto — not with the
 * shop's own code, so a mistake shared by a signer and the checker cannot pass.
 * (https://docs.stripe.com/webhooks#verify-manually): the header is
 * `t=<unix seconds>,v1=<hex>,v0=<hex>`, possibly with several `v1` (a rolled secret);
 * v1 is HMAC-SHA256 with the endpoint secret over `<t>.<raw body>`; v0 is ignored.
 */
export async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
  return [...new Uint8Array(mac)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The `Stripe-Signature` header Stripe would send for this body at this time (unix seconds). */
export async function stripeSignature(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`;
}
