import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flushOutbox, type MailAdapter } from "../../worker/platform/mail/mailer";

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
