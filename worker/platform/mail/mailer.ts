import { writeMailPreview } from "../../../shared/log/log-line";
import { reportError } from "../errors/report-error";
import { log } from "../log/log";
import { withoutReordering } from "./mail-text";

/**
 * Outgoing e-mail. Messages are written to the D1 outbox in the same step as
 * the record that caused them; a mail adapter delivers them. Locally the
 * console adapter prints them so a developer can follow links.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The same words as HTML, for shoppers' e-mails (shopper-mail.ts: `<html lang dir>` in their
   * language); staff e-mails are plain text (outbox column `body_html`, migrations/0111).
   */
  html?: string;
  /** What the message is about, e.g. "reset-password", "order-confirmation". */
  kind: string;
  /** Extra headers, e.g. List-Unsubscribe on the restock alert (outbox column `headers`, migrations/0091). */
  headers?: Record<string, string>;
}

export interface MailAdapter {
  deliver(message: MailMessage): Promise<void>;
}

/**
 * A message's words without characters that re-order them (mail-text.ts). Every statement that
 * writes the outbox queues messages so: these two, and the batches that write their own
 * (stock/stock-alert-store.ts, stock/restock-alerts.ts, payments/card-hold-store.ts).
 */
export function sealed(message: MailMessage): MailMessage {
  return {
    ...message,
    subject: withoutReordering(message.subject),
    text: withoutReordering(message.text),
    ...(message.html === undefined ? {} : { html: withoutReordering(message.html) }),
  };
}

/** The statement that queues a message; add it to the batch that writes the record. */
export function outboxInsert(db: D1Database, queued: MailMessage): D1PreparedStatement {
  const message = sealed(queued);
  return db
    .prepare(
      "INSERT INTO outbox (recipient, subject, body_text, kind, headers, body_html) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )
    .bind(message.to, message.subject, message.text, message.kind, headersJson(message.headers), message.html ?? null);
}

/** A condition on the batch's own writes, with its parameters (`?1`, `?2`, …). */
interface OutboxGuard {
  sql: string;
  params: readonly unknown[];
}

/** An outbox row of these columns and values, written only when `guard` holds; the values' parameters follow the guard's. */
function guardedRow(db: D1Database, row: Record<string, unknown>, guard: OutboxGuard): D1PreparedStatement {
  const columns = Object.keys(row);
  const slots = columns.map((_, i) => `?${guard.params.length + i + 1}`).join(", ");
  return db
    .prepare(`INSERT INTO outbox (${columns.join(", ")}) SELECT ${slots} WHERE ${guard.sql}`)
    .bind(...guard.params, ...Object.values(row));
}

/**
 * `outboxInsert` written only when `guard` holds: a condition on the batch's own writes (the order this
 * change or this key made), so a batch that lost its race queues no e-mail.
 */
export function outboxInsertWhere(db: D1Database, queued: MailMessage, guard: OutboxGuard): D1PreparedStatement {
  const message = sealed(queued);
  return guardedRow(
    db,
    {
      recipient: message.to,
      subject: message.subject,
      body_text: message.text,
      kind: message.kind,
      headers: headersJson(message.headers),
      body_html: message.html ?? null,
    },
    guard,
  );
}

/**
 * A message whose words are drawn when the outbox sends it (decision 0141), not in the request that queues
 * it: its recipient, subject and kind now, and the JSON its words are drawn from (`recipe`, outbox column
 * `to_draw`) by outbox-drawing.ts. Until then its `body_text` is empty and it is not sent.
 */
export interface MailToDraw {
  to: string;
  subject: string;
  kind: string;
  recipe: string;
}

/** `outboxInsertWhere` for a message drawn when it is sent. */
export function outboxDrawLaterWhere(db: D1Database, queued: MailToDraw, guard: OutboxGuard): D1PreparedStatement {
  const row = { recipient: queued.to, subject: withoutReordering(queued.subject), kind: queued.kind, body_text: "" };
  return guardedRow(db, { ...row, to_draw: queued.recipe }, guard);
}

/** The outbox's `headers` column: a JSON object, or null when there are none. */
export function headersJson(headers: Record<string, string> | undefined): string | null {
  return headers && Object.keys(headers).length > 0 ? JSON.stringify(headers) : null;
}

/** Headers read back from the outbox; a value that is not a JSON object of strings is dropped, not sent. */
export function parseHeaders(json: string | null): Record<string, string> | undefined {
  if (!json) return undefined;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}

export async function queueMail(db: D1Database, message: MailMessage): Promise<void> {
  await outboxInsert(db, message).run();
}

/**
 * Development adapter (MAIL_PRINT "true", no MAIL_API_KEY): prints the message, links included, to the
 * worker's console, the one line that may carry an address (decision 0110); never on in production.
 */
export const printMailAdapter: MailAdapter = {
  async deliver(message) {
    const headers = Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
    writeMailPreview(`[mail] to ${message.to}: ${message.subject}\n${headers.join("")}${message.text}`);
  },
};

/** Neither a mail API nor printing: each message fails with a reason the outbox (/staff/outbox) and the health page show. */
export const unsentMailAdapter: MailAdapter = {
  async deliver() {
    throw new Error("MAIL_API_KEY is not set: e-mails cannot be sent");
  },
};

export interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string;
  headers: string | null;
}

/**
 * Which mail goes first when more are waiting than one run sends: a reset link expires and
 * a shopper waits for it, and an order confirmation is what a buyer looks for, so a flood
 * of request-form mails must not hold them back. Oldest first within a priority.
 */
const PRIORITY_SQL = `CASE kind
  WHEN 'reset-password' THEN 0
  WHEN 'order-confirmation' THEN 1
  WHEN 'email-confirmation' THEN 1
  WHEN 'stock-alert-confirmation' THEN 1
  WHEN 'order-received' THEN 2
  ELSE 3 END`;

/** Tries per e-mail before it is marked failed and waits for staff to retry it (/staff/outbox). */
export const MAX_ATTEMPTS = 5;

/** Why a delivery failed, short enough for a table cell and a D1 column. */
export function failureReason(error: unknown): string {
  const words = error instanceof Error ? error.message : String(error);
  return (words.trim() || "Unknown error").slice(0, 500);
}

/**
 * Hands pending messages to the adapter, most urgent first; failures stay pending for the next run. A
 * message still to be drawn waits for drawQueuedMail (outbox-drawing.ts), which the cron runs first.
 */
export async function flushOutbox(db: D1Database, adapter: MailAdapter, limit = 20): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT id, recipient, subject, body_text, body_html, kind, headers FROM outbox
       WHERE status = 'pending' AND attempts < ?2 AND to_draw IS NULL
       ORDER BY ${PRIORITY_SQL}, id LIMIT ?1`,
    )
    .bind(limit, MAX_ATTEMPTS)
    .all<OutboxRow>();
  let sent = 0;
  for (const row of results) {
    try {
      await adapter.deliver({
        to: row.recipient,
        subject: row.subject,
        text: row.body_text,
        ...(row.body_html ? { html: row.body_html } : {}),
        kind: row.kind,
        headers: parseHeaders(row.headers),
      });
      await db
        .prepare(
          `UPDATE outbox SET status = 'sent', sent_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'),
             last_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), last_error = NULL WHERE id = ?1`,
        )
        .bind(row.id)
        .run();
      sent++;
    } catch (error) {
      log.error("Mail delivery failed", { kind: row.kind, error });
      reportError(error, { kind: row.kind });
      // Kept for the staff desk's outbox (/staff/outbox): why it failed, in the adapter's words.
      await db
        .prepare(
          `UPDATE outbox SET attempts = attempts + 1, status = CASE WHEN attempts + 1 >= ${MAX_ATTEMPTS} THEN 'failed' ELSE 'pending' END,
             last_error = ?2, last_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?1`,
        )
        .bind(row.id, failureReason(error))
        .run();
    }
  }
  return sent;
}
