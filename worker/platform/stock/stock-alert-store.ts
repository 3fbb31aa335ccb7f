/**
 * stock_alerts (migrations/0091): "tell me when it's back" subscriptions per SKU and address,
 * double opt-in. The links in the e-mails carry random tokens; only their SHA-256 hashes are
 * kept. A token is found by its hash through the unique index: the lookup compares digests of
 * a 256-bit secret, so its timing says nothing about the token itself (no constant-time
 * comparison of the token is needed, nor possible through an index).
 * The restock alerts themselves are queued by restock-alerts.ts.
 */

import { sha256, toBase64Url, toHex } from "../../../shared/bytes";
import type { Locale } from "../../../shared/constants";
import { headersJson, type MailMessage, sealed } from "../mail/mailer";

export type AlertStatus = "pending" | "confirmed" | "sent" | "unsubscribed";

/** A confirmation is sent again for the same SKU and address at most this often. */
export const RESEND_AFTER_MS = 10 * 60 * 1000;

/** A link's token (for the e-mail) and its hash (for the table). */
export interface LinkToken {
  token: string;
  hash: string;
}

/** 32 random bytes as base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function newLinkToken(): Promise<LinkToken> {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, hash: toHex(await sha256(token)) };
}

/** The hash a link's token is kept under; null for something that cannot be one of ours. */
export async function linkTokenHash(token: string): Promise<string | null> {
  return TOKEN.test(token) ? toHex(await sha256(token)) : null;
}

/** ISO 8601 in UTC, as the table keeps times (written from the worker's clock). */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

export interface NewStockAlert {
  sku: string;
  email: string;
  productSlug: string;
  /** The product page with this SKU chosen. */
  productPath: string;
  itemName: string;
  userId: number | null;
  /** The page's language: the e-mails are written in it (migrations/0113). */
  locale: Locale;
}

/**
 * Subscribes an address to a SKU, or sends the confirmation again: one D1 batch that writes the
 * subscription with a new confirmation hash and queues the confirmation e-mail only if that
 * hash is the one now kept. A waiting subscription (pending or confirmed) whose confirmation
 * went out less than RESEND_AFTER_MS ago is left as it is and nothing is queued, so a script
 * cannot fill someone's inbox; two posts at the same moment write one row (the partial unique
 * index) and one e-mail. Answers whether an e-mail was queued; the shopper is told the same
 * either way.
 */
export async function subscribeToRestock(
  db: D1Database,
  alert: NewStockAlert,
  mail: (confirmToken: string) => MailMessage,
  now: number,
): Promise<boolean> {
  const confirm = await newLinkToken();
  const message = mail(confirm.token);
  const [, queued] = await db.batch([
    db
      .prepare(
        `INSERT INTO stock_alerts
           (sku, email, product_slug, product_path, item_name, confirm_hash, user_id, created_at, confirmation_sent_at,
            locale)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?10)
         ON CONFLICT (sku, email) WHERE status IN ('pending', 'confirmed') DO UPDATE SET
           confirm_hash = excluded.confirm_hash,
           confirmation_sent_at = excluded.confirmation_sent_at,
           item_name = excluded.item_name,
           locale = excluded.locale,
           user_id = COALESCE(stock_alerts.user_id, excluded.user_id)
         WHERE stock_alerts.confirmation_sent_at <= ?9`,
      )
      .bind(
        alert.sku,
        alert.email,
        alert.productSlug,
        alert.productPath,
        alert.itemName,
        confirm.hash,
        alert.userId,
        isoTime(now),
        isoTime(now - RESEND_AFTER_MS),
        alert.locale,
      ),
    guardedInsert(db, message, confirm.hash),
  ]);
  return (queued?.meta.changes ?? 0) > 0;
}

/** The outbox row, written only when the subscription now holds this confirmation hash. */
function guardedInsert(db: D1Database, unsealed: MailMessage, confirmHash: string): D1PreparedStatement {
  const message = sealed(unsealed);
  return db
    .prepare(
      `INSERT INTO outbox (recipient, subject, body_text, kind, headers, body_html)
       SELECT ?1, ?2, ?3, ?4, ?5, ?7 WHERE EXISTS (SELECT 1 FROM stock_alerts WHERE confirm_hash = ?6)`,
    )
    .bind(
      message.to,
      message.subject,
      message.text,
      message.kind,
      headersJson(message.headers),
      confirmHash,
      message.html ?? null,
    );
}

/** What the confirm and unsubscribe pages show of a subscription. */
export interface StockAlertView {
  id: number;
  sku: string;
  productSlug: string;
  itemName: string;
  productPath: string;
  status: AlertStatus;
}

interface AlertRecord {
  id: number;
  sku: string;
  product_slug: string;
  item_name: string;
  product_path: string;
  status: AlertStatus;
}

const VIEW_COLUMNS = "id, sku, product_slug, item_name, product_path, status";

function toView(r: AlertRecord): StockAlertView {
  return {
    id: r.id,
    sku: r.sku,
    productSlug: r.product_slug,
    itemName: r.item_name,
    productPath: r.product_path,
    status: r.status,
  };
}

/**
 * Follows a confirmation link: a pending subscription becomes confirmed. A link followed again
 * (a second click, a mail scanner before the shopper) changes nothing and shows the same page.
 * While the subscription still waits, it is handed a new unsubscribe hash, for the link the
 * confirmed page shows. Null when no subscription has this confirmation hash (an old link
 * replaced by a newer e-mail, or none of ours).
 */
export async function confirmStockAlert(
  db: D1Database,
  confirmHash: string,
  unsubscribeHash: string,
  now: number,
): Promise<StockAlertView | null> {
  const row = await db
    .prepare(
      `UPDATE stock_alerts SET
         status = CASE WHEN status = 'pending' THEN 'confirmed' ELSE status END,
         confirmed_at = CASE WHEN status = 'pending' THEN ?3 ELSE confirmed_at END,
         unsubscribe_hash = CASE WHEN status IN ('pending', 'confirmed') THEN ?2 ELSE unsubscribe_hash END
       WHERE confirm_hash = ?1
       RETURNING ${VIEW_COLUMNS}`,
    )
    .bind(confirmHash, unsubscribeHash, isoTime(now))
    .first<AlertRecord>();
  return row ? toView(row) : null;
}

/** The subscription an unsubscribe link belongs to, as it is now. */
export async function findByUnsubscribeHash(db: D1Database, unsubscribeHash: string): Promise<StockAlertView | null> {
  const row = await db
    .prepare(`SELECT ${VIEW_COLUMNS} FROM stock_alerts WHERE unsubscribe_hash = ?1`)
    .bind(unsubscribeHash)
    .first<AlertRecord>();
  return row ? toView(row) : null;
}

/**
 * Ends a subscription (its unsubscribe link, or a mail provider's one-click POST): nothing more is
 * sent for it, whatever its state. Null when the link is none of ours; an already ended one is
 * answered as it stands.
 */
export async function unsubscribeStockAlert(
  db: D1Database,
  unsubscribeHash: string,
  now: number,
): Promise<StockAlertView | null> {
  const row = await db
    .prepare(
      `UPDATE stock_alerts SET status = 'unsubscribed', unsubscribed_at = ?2
       WHERE unsubscribe_hash = ?1 AND status <> 'unsubscribed'
       RETURNING ${VIEW_COLUMNS}`,
    )
    .bind(unsubscribeHash, isoTime(now))
    .first<AlertRecord>();
  return row ? toView(row) : findByUnsubscribeHash(db, unsubscribeHash);
}

/** Whether a waiting subscription for this SKU and address had its confirmation sent under RESEND_AFTER_MS ago. */
export async function confirmationRecentlySent(
  db: D1Database,
  sku: string,
  email: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 AS found FROM stock_alerts
       WHERE sku = ?1 AND email = ?2 AND status IN ('pending', 'confirmed') AND confirmation_sent_at > ?3`,
    )
    .bind(sku, email, isoTime(now - RESEND_AFTER_MS))
    .first<{ found: number }>();
  return row !== null;
}

/** One subscription as it is now. */
export async function findStockAlert(db: D1Database, id: number): Promise<StockAlertView | null> {
  const row = await db.prepare(`SELECT ${VIEW_COLUMNS} FROM stock_alerts WHERE id = ?1`).bind(id).first<AlertRecord>();
  return row ? toView(row) : null;
}
