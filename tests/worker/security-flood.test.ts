import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flushOutbox, type MailAdapter } from "../../worker/platform/mail/mailer";
import { appRequest } from "./support/app-request";

describe("orders and request forms are limited per visitor too (issue 13, item 8)", () => {
  it("answers 429 to a visitor's sixth order attempt in ten minutes, from whatever address", async () => {
    const slug = (await env.DB.prepare("SELECT slug FROM cms_products WHERE availability = 'in_stock' LIMIT 1").first<{
      slug: string;
    }>())!.slug;
    const headers = (ip: string) => ({ origin: "https://shop.example", "cf-connecting-ip": ip });
    const added = await appRequest(
      "https://shop.example/cart/add",
      { method: "POST", headers: headers("198.51.100.1"), body: new URLSearchParams({ slug }) },
      env,
    );
    const cookie = added.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const ip = `203.0.113.${Math.floor(Math.random() * 200) + i}`;
      const res = await appRequest(
        "https://shop.example/cart/order",
        // Missing fields: each attempt is refused by validation, and still counts.
        { method: "POST", headers: { ...headers(ip), cookie }, body: new URLSearchParams({ firstName: "x" }) },
        env,
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((status) => status !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe("the outbox sends the urgent mails first (issue 13, item 8)", () => {
  it("delivers a password reset and an order confirmation before a flood of request mails", async () => {
    await env.DB.prepare("UPDATE outbox SET status = 'sent' WHERE status = 'pending'").run();
    const insert = (kind: string, to: string) =>
      env.DB.prepare("INSERT INTO outbox (recipient, subject, body_text, kind) VALUES (?1, 's', 't', ?2)").bind(
        to,
        kind,
      );
    await env.DB.batch([
      ...Array.from({ length: 30 }, (_, i) => insert("request-callback", `flood${i}@example.com`)),
      insert("order-confirmation", "buyer@example.com"),
      insert("reset-password", "forgetful@example.com"),
    ]);
    const delivered: string[] = [];
    const adapter: MailAdapter = {
      async deliver(message) {
        delivered.push(message.kind);
      },
    };
    await flushOutbox(env.DB, adapter, 2);
    expect(delivered).toEqual(["reset-password", "order-confirmation"]);
  });
});
