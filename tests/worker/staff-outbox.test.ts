import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { httpMailAdapter } from "../../worker/platform/mail/http-mail-adapter";
import { flushOutbox, MAX_ATTEMPTS, type MailAdapter, queueMail } from "../../worker/platform/mail/mailer";
import { Browser } from "./support/browser-session";
import { auditOf, signedIn } from "./support/staff-session";

/**
 * The staff desk's e-mails (decision 0074): why an e-mail failed, a retry that puts it back for the
 * cron's next send with an audit row, and nothing of it for anyone but staff.
 */
afterEach(() => vi.restoreAllMocks());

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
}

async function mailRow(id: number): Promise<OutboxRow> {
  return (await env.DB.prepare("SELECT id, status, attempts, last_error FROM outbox WHERE id = ?1")
    .bind(id)
    .first<OutboxRow>())!;
}

/** An e-mail that failed every try, as the cron leaves it. */
async function failedMail(lastError: string | null = "Mail API answered 422: The to address is invalid") {
  const to = `${crypto.randomUUID().slice(0, 8)}@example.ae`;
  await queueMail(env.DB, {
    to,
    subject: `Your order ${to}`,
    text: "Secret reset link: /reset?code=abc123",
    kind: "order-status",
  });
  const { id } = (await env.DB.prepare(
    `UPDATE outbox SET status = 'failed', attempts = ?2, last_error = ?3,
       last_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE recipient = ?1 RETURNING id`,
  )
    .bind(to, MAX_ATTEMPTS, lastError)
    .first<{ id: number }>())!;
  return { id, to };
}

function retry(browser: Browser, fields: Record<string, string>) {
  return browser.post("/staff/outbox", fields, { from: null });
}

describe("who may see the outbox", () => {
  it("sends a visitor to sign in, from the page and its actions, and puts nothing back", async () => {
    const mail = await failedMail();
    const visitor = new Browser();
    for (const path of ["/staff/outbox", "/staff/outbox?status=sent"]) {
      const res = await visitor.get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/user/login?redirect=%2Fstaff%2Foutbox");
    }
    const posts: Record<string, string>[] = [{ action: "retry", id: String(mail.id) }, { action: "retry-all" }];
    for (const fields of posts) {
      const res = await retry(visitor, fields);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toMatch(/^\/user\/login/);
    }
    expect(await mailRow(mail.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(await auditOf("outbox", String(mail.id))).toEqual([]);
  });

  it("refuses a shopper with a 403 on the page and its actions, showing none of the e-mails", async () => {
    const mail = await failedMail();
    const { browser } = await signedIn("authenticated");
    const page = await browser.get("/staff/outbox");
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(mail.to);
    const posts: Record<string, string>[] = [{ action: "retry", id: String(mail.id) }, { action: "retry-all" }];
    for (const fields of posts) {
      expect((await retry(browser, fields)).status).toBe(403);
    }
    expect(await mailRow(mail.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(await auditOf("outbox", String(mail.id))).toEqual([]);
  });
});

describe("why an e-mail failed", () => {
  it("keeps the adapter's reason and the time of each failed try; after the last try the e-mail is failed", async () => {
    const to = `${crypto.randomUUID().slice(0, 8)}@example.ae`;
    await queueMail(env.DB, { to, subject: "Hello", text: "Body", kind: "test" });
    const adapter: MailAdapter = {
      async deliver(message) {
        if (message.to === to) throw new Error("Mail API answered 503: upstream down");
      },
    };
    for (let i = 0; i < MAX_ATTEMPTS; i++) await flushOutbox(env.DB, adapter, 1000);
    const row = await env.DB.prepare(
      "SELECT status, attempts, last_error, last_attempt_at FROM outbox WHERE recipient = ?1",
    )
      .bind(to)
      .first<{ status: string; attempts: number; last_error: string; last_attempt_at: string | null }>();
    expect(row).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      last_error: "Mail API answered 503: upstream down",
    });
    expect(row?.last_attempt_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("records the mail API's own words", async () => {
    const to = `${crypto.randomUUID().slice(0, 8)}@example.ae`;
    await queueMail(env.DB, { to, subject: "Hello", text: "Body", kind: "test" });
    vi.spyOn(globalThis, "fetch").mockImplementation(
      async () => new Response('{"message":"The `to` field\n is invalid"}', { status: 422 }),
    );
    const api = httpMailAdapter({ apiKey: "mail-key", from: "shop@example.ae", endpoint: "https://mail.test/emails" });
    await flushOutbox(env.DB, api, 1000);
    const row = await env.DB.prepare("SELECT status, last_error FROM outbox WHERE recipient = ?1")
      .bind(to)
      .first<{ status: string; last_error: string }>();
    expect(row).toEqual({
      status: "pending",
      last_error: 'Mail API answered 422: {"message":"The `to` field is invalid"}',
    });
  });
});

describe("the outbox on the desk", () => {
  it("lists failed e-mails with why, attempts, when, recipient and subject, never the body; the overview links here", async () => {
    const mail = await failedMail();
    const { browser } = await signedIn("staff");
    expect(await (await browser.get("/staff")).text()).toContain('href="/staff/outbox"');
    const res = await browser.get("/staff/outbox");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(mail.to);
    expect(html).toContain(`Your order ${mail.to}`);
    expect(html).toContain("Mail API answered 422: The to address is invalid");
    expect(html).toContain("Order status");
    expect(html).toContain(`<dt>Attempts</dt><dd>${MAX_ATTEMPTS}, last <time`);
    expect(html).not.toContain("abc123");
    expect(html).toContain(`name="id" value="${mail.id}"`);
    expect(html).toContain("Retry all failed");
  });

  it("says when the reason was not recorded, and escapes what the mail service said", async () => {
    const unknown = await failedMail(null);
    const hostile = await failedMail('<img src=x onerror="alert(1)">');
    const { browser } = await signedIn("staff");
    const html = await (await browser.get("/staff/outbox")).text();
    expect(html).toContain(unknown.to);
    expect(html).toContain("not recorded");
    expect(html).toContain(hostile.to);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).not.toContain("<img src=x");
  });

  it("retries one failed e-mail: back in the queue with an audit row, then sent by the cron's next run", async () => {
    const mail = await failedMail();
    const { browser, account } = await signedIn("staff");
    const res = await retry(browser, { action: "retry", id: String(mail.id) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/staff/outbox");
    expect(await mailRow(mail.id)).toMatchObject({ status: "pending", attempts: 0 });
    const audit = await auditOf("outbox", String(mail.id));
    expect(audit).toEqual([
      {
        staffId: account.id,
        staffName: account.username,
        action: "retry",
        before: {
          status: "failed",
          attempts: MAX_ATTEMPTS,
          lastError: "Mail API answered 422: The to address is invalid",
        },
        after: { status: "pending", attempts: 0 },
      },
    ]);
    const page = await (await browser.get("/staff/outbox")).text();
    expect(page).toContain(`The e-mail to ${mail.to} is back in the queue.`);
    expect(page).toMatch(new RegExp(`${account.username} retried the e-mail to ${mail.to}`));
    expect(await (await browser.get("/staff/outbox?status=pending")).text()).toContain(mail.to);

    const delivered: string[] = [];
    await flushOutbox(env.DB, { deliver: async (message) => void delivered.push(message.to) }, 1000);
    expect(delivered).toContain(mail.to);
    expect(await mailRow(mail.id)).toMatchObject({ status: "sent", last_error: null });
    expect(await (await browser.get("/staff/outbox?status=sent")).text()).toContain(mail.to);
  });

  it("refuses a second retry of the same e-mail, saying who put it back meanwhile", async () => {
    const mail = await failedMail();
    const first = await signedIn("staff");
    const second = await signedIn("staff");
    expect((await retry(first.browser, { action: "retry", id: String(mail.id) })).status).toBe(303);
    const late = await retry(second.browser, { action: "retry", id: String(mail.id) });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain(
      `The e-mail to ${mail.to} needs no retry. It was retried by ${first.account.username} meanwhile: it is waiting to be sent.`,
    );
    expect(await auditOf("outbox", String(mail.id))).toHaveLength(1);
  });

  it("retries every failed e-mail at once, one audit row each", async () => {
    const a = await failedMail();
    const b = await failedMail("Network connection lost");
    const { browser } = await signedIn("staff");
    const res = await retry(browser, { action: "retry-all" });
    expect(res.status).toBe(303);
    for (const mail of [a, b]) {
      expect(await mailRow(mail.id)).toMatchObject({ status: "pending", attempts: 0 });
      expect((await auditOf("outbox", String(mail.id))).map((row) => row.action)).toEqual(["retry"]);
    }
    expect(await (await browser.get("/staff/outbox")).text()).toMatch(/\d+ e-mails? (is|are) back in the queue/);
    expect((await retry(browser, { action: "retry-all" })).status).toBe(303);
    expect(await (await browser.get("/staff/outbox")).text()).toContain("No e-mail has failed: nothing to retry.");
    expect(await auditOf("outbox", String(a.id))).toHaveLength(1);
  });

  it("answers a form it cannot use with 422 and an e-mail it does not know with 404, changing nothing", async () => {
    const mail = await failedMail();
    const { browser } = await signedIn("staff");
    const broken: Record<string, string>[] = [
      { action: "retry" },
      { action: "retry", id: "abc" },
      { action: "retry", id: "99999999999999999999" },
      { action: "delete", id: String(mail.id) },
      {},
    ];
    for (const fields of broken) {
      const res = await retry(browser, fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(await res.text()).toContain("That form was not complete.");
    }
    const missing = await retry(browser, { action: "retry", id: "987654321" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("There is no such e-mail in the outbox.");
    expect(await mailRow(mail.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("reads an unknown status or page as the failed e-mails' first page", async () => {
    const mail = await failedMail();
    const { browser } = await signedIn("staff");
    for (const path of ["/staff/outbox?status=<x>", "/staff/outbox?page=0", "/staff/outbox?status=failed&page=zz"]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain(mail.to);
    }
  });
});
