import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliverOutbox } from "../../worker/platform/mail/deliver-outbox";
import { queueMail } from "../../worker/platform/mail/mailer";
import { appRequest } from "./support/app-request";
import { Browser } from "./support/browser-session";
import { stripeSignature } from "./support/stripe-signature";

afterEach(() => vi.restoreAllMocks());

describe("outbox delivery", () => {
  it("hands pending e-mails to the mail API and marks them sent; a failure stays pending", async () => {
    const to = `${crypto.randomUUID()}@example.ae`;
    await queueMail(env.DB, { to, subject: "Hello", text: "Body", kind: "test" });
    const sent: unknown[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      expect(request.url).toBe("https://mail.test/emails");
      expect(request.headers.get("authorization")).toBe("Bearer mail-key");
      sent.push(await request.json());
      return new Response("{}", { status: 200 });
    });
    await deliverOutbox({ ...env, MAIL_API_KEY: "mail-key", MAIL_API_URL: "https://mail.test/emails" });
    expect(sent).toContainEqual(expect.objectContaining({ to: [to], subject: "Hello", text: "Body" }));
    const row = await env.DB.prepare("SELECT status FROM outbox WHERE recipient = ?1")
      .bind(to)
      .first<{ status: string }>();
    expect(row?.status).toBe("sent");

    const other = `${crypto.randomUUID()}@example.ae`;
    await queueMail(env.DB, { to: other, subject: "Again", text: "Body", kind: "test" });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("down", { status: 503 }));
    await deliverOutbox({ ...env, MAIL_API_KEY: "mail-key", MAIL_API_URL: "https://mail.test/emails" });
    const failed = await env.DB.prepare("SELECT status, attempts FROM outbox WHERE recipient = ?1")
      .bind(other)
      .first<{ status: string; attempts: number }>();
    expect(failed).toEqual({ status: "pending", attempts: 1 });
  });
});

describe("card payment through the hosted checkout", () => {
  const WEBHOOK = "whsec_card_flow";
  const cardEnv = {
    ...env,
    STRIPE_SECRET_KEY: "sk_test_flow",
    STRIPE_WEBHOOK_SECRET: WEBHOOK,
    STRIPE_API_BASE: "https://stripe.fake",
  };
  const browser = new Browser((path, init) => appRequest(`https://shop.example${path}`, init, cardEnv));

  it("sends the shopper to the provider, and only the signed webhook marks the order paid", async () => {
    const { slug } = (await env.DB.prepare(
      "SELECT slug FROM cms_products WHERE availability = 'in_stock' LIMIT 1",
    ).first<{ slug: string }>())!;
    const html = await (await browser.get("/catalog/skincare")).text();
    expect(html).not.toContain('name="_csrf"');
    expect((await browser.post("/cart/add", { slug, quantity: "1" }, { from: "/catalog/skincare" })).status).toBe(303);

    // The provider's HTTP API, played locally: it checks what a real one would and answers a session.
    const seen: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      expect(request.url).toBe("https://stripe.fake/v1/checkout/sessions");
      expect(request.headers.get("authorization")).toBe("Bearer sk_test_flow");
      seen.push(new URLSearchParams(await request.text()));
      return Response.json({ id: "cs_test_flow_1", url: "https://checkout.stripe.fake/pay/cs_test_flow_1" });
    });
    const placed = await browser.post(
      "/cart/order",
      {
        idempotencyKey: crypto.randomUUID(),
        firstName: "Sara",
        lastName: "Noor",
        email: "sara@example.ae",
        phone: "0509876543",
        delivery: "pickup",
        payment: "online",
        consent: "on",
      },
      { from: "/cart/order" },
    );
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toBe("https://checkout.stripe.fake/pay/cs_test_flow_1");
    expect(seen[0].get("line_items[0][price_data][currency]")).toBe("aed");
    const orderNumber = seen[0].get("client_reference_id")!;
    const order = await env.DB.prepare("SELECT status FROM orders WHERE number = ?1")
      .bind(orderNumber)
      .first<{ status: string }>();
    expect(order?.status).toBe("awaiting_payment");

    const event = JSON.stringify({
      id: "evt_flow_1",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_flow_1", payment_status: "paid" } },
    });
    const signature = await stripeSignature(WEBHOOK, event, Math.floor(Date.now() / 1000));
    // Stripe calls the webhook itself: no browser, no cookies.
    const hook = await appRequest(
      "https://shop.example/api/payments/webhook",
      { method: "POST", body: event, headers: { "Stripe-Signature": signature, "Content-Type": "application/json" } },
      cardEnv,
    );
    expect(hook.status).toBe(200);
    const paid = await env.DB.prepare("SELECT status FROM orders WHERE number = ?1")
      .bind(orderNumber)
      .first<{ status: string }>();
    expect(paid?.status).toBe("paid");
  });
});
