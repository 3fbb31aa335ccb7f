import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appRequest } from "./support/app-request";
import { hmacHex } from "./support/stripe-signature";

/**
 * The payment webhook against Stripe's published signature scheme (support/stripe-signature.ts
 * computes it from the documentation). The header below has that documented shape, including
 * the docs' example v0 value.
 */
const SECRET = "whsec_test_published_example";
const DOCS_V0 = "6ffbb59b2300aae63f272406069a9788598b792a944a07aba816edb039989a39";

const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: SECRET };

function post(body: string, signature: string) {
  return appRequest(
    "/api/payments/webhook",
    {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature, "cf-connecting-ip": "3.18.12.63" },
    },
    stripeEnv,
  );
}

const event = JSON.stringify({
  id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
  object: "event",
  type: "payment_intent.created",
  data: { object: { id: "pi_3MtwBwLkdIwHu7ix28a3tqPa", object: "payment_intent" } },
});

describe("payment webhook, Stripe's documented signature", () => {
  it("accepts a header with a v1 from a rolled secret, the right v1 and a v0, as Stripe sends it", async () => {
    const t = Math.floor(Date.now() / 1000);
    const v1 = await hmacHex(SECRET, `${t}.${event}`);
    const old = await hmacHex("whsec_rolled_previous", `${t}.${event}`);
    const res = await post(event, `t=${t},v1=${old},v1=${v1},v0=${DOCS_V0}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, handled: false });
  });

  it("refuses the same header when the body was changed in transit", async () => {
    const t = Math.floor(Date.now() / 1000);
    const v1 = await hmacHex(SECRET, `${t}.${event}`);
    const res = await post(event.replace("payment_intent.created", "checkout.session.completed"), `t=${t},v1=${v1}`);
    expect(res.status).toBe(400);
  });

  it("refuses a header with only the legacy v0 scheme", async () => {
    const t = Math.floor(Date.now() / 1000);
    expect((await post(event, `t=${t},v0=${DOCS_V0}`)).status).toBe(400);
  });

  it("refuses a correctly signed event older than the five-minute tolerance", async () => {
    const t = Math.floor(Date.now() / 1000) - 600;
    const v1 = await hmacHex(SECRET, `${t}.${event}`);
    expect((await post(event, `t=${t},v1=${v1}`)).status).toBe(400);
  });
});
