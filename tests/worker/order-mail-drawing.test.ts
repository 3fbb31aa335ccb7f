import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { flushOutbox, type MailMessage, outboxDrawLaterWhere } from "../../worker/platform/mail/mailer";
import { drawQueuedMail } from "../../worker/platform/mail/outbox-drawing";
import { Browser } from "./support/browser-session";
import { customer, productSlugs } from "./support/shop-fixtures";

/**
 * An order's e-mails are queued with their recipients, subjects and recipe, and drawn when the outbox
 * sends them (docs/decisions/0141-an-order-s-e-mails-are-drawn-when-sent.md), not while the shopper waits.
 */
interface Row {
  subject: string;
  body_text: string;
  body_html: string | null;
  to_draw: string | null;
  status: string;
  last_error: string | null;
}

const rowsTo = async (recipient: string, subject?: string) =>
  (
    await env.DB.prepare(
      `SELECT subject, body_text, body_html, to_draw, status, last_error FROM outbox
       WHERE recipient = ?1 AND (?2 IS NULL OR subject = ?2) ORDER BY id`,
    )
      .bind(recipient, subject ?? null)
      .all<Row>()
  ).results;

/** An adapter that keeps what it was handed. */
function capture(): { sent: MailMessage[]; deliver(message: MailMessage): Promise<void> } {
  const sent: MailMessage[] = [];
  return { sent, deliver: async (message) => void sent.push(message) };
}

async function placeOrder(): Promise<{ number: string; email: string }> {
  const shopper = new Browser();
  const [slug] = await productSlugs("in_stock", 1);
  await shopper.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
  const email = `drawn.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  const res = await shopper.post(
    "/cart/order",
    { idempotencyKey: crypto.randomUUID(), ...customer, email },
    { from: null },
  );
  expect(res.status).toBe(303);
  return { number: res.headers.get("location")!.split("/").pop()!, email };
}

describe("an order's e-mails", () => {
  it("wait in the outbox with their subjects and no words, and go out drawn when the outbox runs", async () => {
    const { number, email } = await placeOrder();
    const [queued] = await rowsTo(email);
    expect(queued).toMatchObject({ subject: `Your Noor Beauty order ${number}`, body_text: "", status: "pending" });
    expect(JSON.parse(queued!.to_draw!)).toMatchObject({ number, locale: "en", input: { email } });
    const [copy] = await rowsTo("orders@noorbeauty.ae", `New order ${number}`);
    expect(copy).toMatchObject({ body_text: "", status: "pending" });

    // Not drawn yet: the outbox sends nothing of the order's.
    const early = capture();
    await flushOutbox(env.DB, early, 1000);
    expect(early.sent.filter((m) => m.subject.includes(number))).toEqual([]);

    expect(await drawQueuedMail(env.DB, 1000)).toBeGreaterThanOrEqual(2);
    const adapter = capture();
    await flushOutbox(env.DB, adapter, 1000);
    const confirmation = adapter.sent.find((m) => m.to === email)!;
    expect(confirmation.text).toContain(`Thank you for your order ${number}.`);
    expect(confirmation.text).toMatch(new RegExp(`/cart/order/${number}\\?key=[\\w-]+`));
    expect(confirmation.html).toContain('<html lang="en" dir="ltr">');
    expect(adapter.sent.find((m) => m.subject === `New order ${number}`)!.text).toContain(
      `${customer.firstName} ${customer.lastName}`,
    );
    // The row says what was sent.
    const [sent] = await rowsTo(email);
    expect(sent).toMatchObject({
      to_draw: null,
      status: "sent",
      body_text: confirmation.text,
      body_html: confirmation.html,
    });
  });

  it("that cannot be drawn fail at once with why, for staff to see and retry; nothing is sent of them", async () => {
    const queue = (to: string, kind: string, recipe: string) =>
      outboxDrawLaterWhere(env.DB, { to, subject: "An order", kind, recipe }, { sql: "1", params: [] }).run();
    await queue("unknown-kind@example.ae", "order-unknown", "{}");
    await queue("broken-recipe@example.ae", "order-confirmation", "{");
    await drawQueuedMail(env.DB, 1000);
    const [unknown] = await rowsTo("unknown-kind@example.ae");
    expect(unknown).toMatchObject({ status: "failed", last_error: "No drawing for e-mails of kind order-unknown" });
    const [broken] = await rowsTo("broken-recipe@example.ae");
    expect(broken).toMatchObject({ status: "failed", body_text: "" });
    expect(broken!.last_error).toMatch(/JSON/);
    const adapter = capture();
    await flushOutbox(env.DB, adapter, 1000);
    expect(adapter.sent.map((m) => m.to)).not.toContain("broken-recipe@example.ae");
  });
});
