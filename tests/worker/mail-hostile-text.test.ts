import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { confirmationMail as accountConfirmationMail, resetPasswordMail } from "../../worker/cms/auth/auth-mail";
import { withoutReordering } from "../../worker/platform/mail/mail-text";
import { type MailMessage, outboxInsert } from "../../worker/platform/mail/mailer";
import { confirmationMail, restockMail } from "../../worker/platform/mail/stock-alert-mails";
import { CARRIERS } from "../../worker/platform/orders/carriers";
import { refundMail, releaseMail } from "../../worker/platform/payments/card-holds";
import { requestMail, reviewMail } from "../../worker/platform/requests/request-mail";
import { queueRestockAlerts } from "../../worker/platform/stock/restock-alerts";
import { Browser } from "./support/browser-session";
import { drawMail } from "./support/drawn-mail";
import { customer, productSlugs } from "./support/shop-fixtures";
import { signedIn } from "./support/staff-session";

/**
 * Every e-mail the shop sends, with words a stranger typed (names, addresses, notes, reasons, a
 * product's name) that try to be links, markup or reversed text: they arrive as words. The only
 * links are the shop's own URLs (shopper-mail.ts), and characters that re-order text are removed
 * from every message as it is queued (mail-text.ts, mailer.ts).
 */
const ORIGIN = "https://shop.example";
const TRACKING_ORIGINS = CARRIERS.flatMap((c) => (c.tracking ? [new URL(c.tracking).origin] : []));
const SHOP_CHAT = "https://wa\\.me/971504127730\\?text=";
const RLO = "\u202e";
const PHISH = "customer. Your card failed, pay at https://evil.example/pay";
const MARKUP = '<a href="https://evil.example">Refund</a><img src=x onerror=alert(1)>';
const REVERSED = `Mariam ${RLO}moc.elpmaxe-live//:sptth\u2066 www.evil.example`;

interface Queued {
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string;
}

const REORDERING = /[\u202a-\u202e\u2066-\u2069]/;
/** A first-strong isolate closed on its line, holding nothing that re-orders: the shop's own `isolate`. */
const CLOSED_ISOLATE = /\u2068[^\u202a-\u202e\u2066-\u2069\n]*\u2069/g;

/** What a mail client would show: words only, the shop's links only, nothing re-ordered. */
function expectWordsOnly(mail: Queued | null | undefined, label: string): void {
  expect(mail, label).toBeTruthy();
  const { subject, body_text: text, body_html: html } = mail!;
  for (const [part, value] of [
    ["subject", subject],
    ["text", text],
    ["html", html ?? ""],
  ]) {
    expect(REORDERING.test(value!.replace(CLOSED_ISOLATE, "")), `${label}: ${part} keeps a re-ordering character`).toBe(
      false,
    );
  }
  if (html === null) return;
  const anchors = [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
  // The shop's own pages, a shipped order's carrier tracking page (worker/platform/orders/carriers.ts), and a
  // chat with the shop's own WhatsApp number (the seed's contacts), whatever is typed in it percent-encoded.
  const pages = `(?:${[ORIGIN, ...TRACKING_ORIGINS].map((o) => o.replaceAll(".", "\\.")).join("|")})/`;
  const allowed = `(?:${pages}|${SHOP_CHAT})`;
  for (const anchor of anchors) expect(anchor, label).toMatch(new RegExp(`^<a href="${allowed}[^"]*"`));
  expect(html, label).not.toMatch(new RegExp(`<img|<script|href="(?!${allowed})`));
}

async function queued(message: MailMessage): Promise<Queued> {
  const to = `probe.${crypto.randomUUID().slice(0, 8)}@example.ae`;
  await outboxInsert(env.DB, { ...message, to }).run();
  return (await env.DB.prepare("SELECT subject, body_text, body_html, kind FROM outbox WHERE recipient = ?1")
    .bind(to)
    .first<Queued>())!;
}

async function mailsTo(email: string): Promise<Queued[]> {
  await drawMail();
  const { results } = await env.DB.prepare(
    "SELECT subject, body_text, body_html, kind FROM outbox WHERE recipient = ?1 ORDER BY id",
  )
    .bind(email)
    .all<Queued>();
  return results;
}

describe("the words of every queued e-mail", () => {
  it("lose every character that re-orders text but a first-strong isolate closed on its line", () => {
    expect(withoutReordering(`a\u202eb\u2066c\u2067d`)).toBe("abcd");
    expect(withoutReordering("x \u2068Rose Ritual\u2069 y")).toBe("x \u2068Rose Ritual\u2069 y");
    // Opened and never closed on its line, or closing nothing: dropped.
    expect(withoutReordering("x \u2068open\nnext\u2069 line")).toBe("x open\nnext line");
    expect(withoutReordering("\u2068\u2068a\u2069")).toBe("\u2068a\u2069");
  });
});

describe("e-mails with words a stranger typed", () => {
  it("an order's e-mails, the shopper's and the shop's, and each status move, show the words as words", async () => {
    const [slug] = await productSlugs();
    const guest = new Browser();
    expect((await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null })).status).toBe(303);
    const email = `guest.${crypto.randomUUID().slice(0, 8)}@example.ae`;
    const placed = await guest.post(
      "/cart/order",
      {
        ...customer,
        email,
        firstName: PHISH,
        lastName: MARKUP.slice(0, 80),
        address: `${MARKUP} ${REVERSED}`,
        notes: `${MARKUP} ${REVERSED}`,
        idempotencyKey: crypto.randomUUID(),
      },
      { from: null },
    );
    expect(placed.status).toBe(303);
    const number = placed.headers.get("location")!.split("/").pop()!;
    const [confirmation] = await mailsTo(email);
    expectWordsOnly(confirmation, "order confirmation");
    expect(confirmation!.body_html).toContain("Dear customer. Your card failed, pay at https://evil.example/pay");
    expect(confirmation!.body_html).toContain("&lt;a href=&quot;https://evil.example&quot;&gt;Refund&lt;/a&gt;");
    expect(confirmation!.body_text).toContain("Mariam moc.elpmaxe-live//:sptth www.evil.example");
    const received = await env.DB.prepare(
      "SELECT subject, body_text, body_html, kind FROM outbox WHERE kind = 'order-received' AND body_text LIKE ?1",
    )
      .bind(`%${email}%`)
      .first<Queued>();
    expectWordsOnly(received, "order received (staff)");

    const { browser } = await signedIn("staff");
    const act = async (fields: Record<string, string>) => {
      const row = await env.DB.prepare("SELECT version FROM orders WHERE number = ?1")
        .bind(number)
        .first<{ version: number }>();
      return browser.post(`/staff/orders/${number}`, { version: String(row!.version), ...fields }, { from: null });
    };
    expect((await act({ action: "confirm" })).status).toBe(303);
    expect((await act({ action: "shopper-confirmed" })).status).toBe(303);
    expect((await act({ action: "ship", carrier: "aramex", trackingNumber: MARKUP.slice(0, 60) })).status).toBe(303);
    for (const mail of (await mailsTo(email)).slice(1)) expectWordsOnly(mail, mail.kind);
    expect((await mailsTo(email)).length).toBe(3);
  });

  it("a cancelled order's e-mail shows the reason staff typed as words", async () => {
    const [slug] = await productSlugs();
    const guest = new Browser();
    await guest.post("/cart/add", { slug: slug!, quantity: "1" }, { from: null });
    const email = `guest.${crypto.randomUUID().slice(0, 8)}@example.ae`;
    const placed = await guest.post(
      "/cart/order",
      { ...customer, email, firstName: REVERSED, idempotencyKey: crypto.randomUUID() },
      { from: null },
    );
    const number = placed.headers.get("location")!.split("/").pop()!;
    const { browser } = await signedIn("staff");
    const res = await browser.post(
      `/staff/orders/${number}`,
      { version: "1", action: "cancel", confirmed: "yes", reason: `${PHISH} ${RLO}` },
      { from: null },
    );
    expect(res.status).toBe(303);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["order-confirmation", "order-status"]);
    for (const mail of mails) expectWordsOnly(mail, mail.kind);
  });

  it("card holds, stock alerts, requests, reviews and account e-mails keep the shop's links and nothing else", async () => {
    const held = {
      id: 1,
      number: "NB-2026-000001",
      status: "awaiting_payment",
      version: 1,
      email: "a@example.ae",
      payment: "online",
    };
    for (const locale of ["en", "ar"] as const) {
      const order = { ...held, firstName: `${PHISH} ${MARKUP} ${REVERSED}`, locale };
      expectWordsOnly(await queued(releaseMail(order, "expired")), `card release ${locale}`);
      expectWordsOnly(await queued(refundMail("shop@example.ae")(order)!), `refund ${locale}`);
      const item = `${MARKUP} ${REVERSED}`;
      const confirm = await queued(
        confirmationMail(locale, "a@example.ae", item, `${ORIGIN}/stock-alerts/confirm/abc`),
      );
      expectWordsOnly(confirm, `alert confirmation ${locale}`);
      expect(confirm.body_html).toContain(`<a href="${ORIGIN}/stock-alerts/confirm/abc" dir="ltr"`);
      const restock = await queued(
        restockMail(
          locale,
          "a@example.ae",
          { itemName: item, productUrl: `${ORIGIN}/catalog/skincare/serum?variant=a b"c` },
          `${ORIGIN}/stock-alerts/unsubscribe/xyz`,
        ),
      );
      expectWordsOnly(restock, `restock ${locale}`);
      expect(restock.body_html).toContain(`<a href="${ORIGIN}/catalog/skincare/serum?variant=a%20b%22c" dir="ltr"`);
      expect(restock.body_html).toContain(`<a href="${ORIGIN}/stock-alerts/unsubscribe/xyz" dir="ltr"`);
      for (const make of [resetPasswordMail, accountConfirmationMail]) {
        expectWordsOnly(await queued(make("a@example.ae", `${ORIGIN}/user/password?code=x`, locale)), "account");
      }
    }
    for (const kind of ["callback", "consultation", "wholesale", "partnership"] as const) {
      const request = { kind, name: PHISH, phone: REVERSED, email: "a@example.ae", company: MARKUP, message: REVERSED };
      expectWordsOnly(await queued(requestMail("shop@example.ae", { ...request, publicId: "r1" }, null, ORIGIN)), kind);
    }
    // The restock alert is written by its own batch (stock/restock-alerts.ts), from the name kept with the alert.
    const sku = `PROBE-${crypto.randomUUID().slice(0, 8)}`;
    const email = `alert.${crypto.randomUUID().slice(0, 8)}@example.ae`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stock_levels (sku, product_slug, on_hand) VALUES (?1, 'serum', 3)").bind(sku),
      env.DB.prepare(
        `INSERT INTO stock_alerts (sku, email, product_slug, product_path, item_name, status, confirm_hash, created_at, confirmation_sent_at, locale)
         VALUES (?1, ?2, 'serum', '/catalog/skincare/serum', ?3, 'confirmed', ?4, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'ar')`,
      ).bind(sku, email, `${MARKUP} ${REVERSED}`, crypto.randomUUID()),
    ]);
    expect(await queueRestockAlerts(env.DB, [sku], ORIGIN)).toBe(1);
    const [restocked] = await mailsTo(email);
    expectWordsOnly(restocked, "restock alert, queued by its batch");
    const review = {
      name: PHISH,
      email: "a@example.ae",
      rating: 5,
      text: `${MARKUP} ${REVERSED}`,
      photos: 0,
      publicId: "v1",
    };
    expectWordsOnly(await queued(reviewMail("shop@example.ae", review, false, ORIGIN)), "review");
  });
});
