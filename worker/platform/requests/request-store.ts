/**
 * shop_requests: what visitors ask the shop (call back, consultation,
 * wholesale, partnership). Each is written with its e-mail to the shop in one
 * D1 batch, so a request is never stored without its notification or the
 * other way round.
 */
import type { RequestKind } from "../../../shared/forms/requests";
import { DUPLICATE_WINDOW_MODIFIER, isDuplicateError } from "../forms/duplicate-submissions";
import { type MailMessage, outboxInsert } from "../mail/mailer";
import type { StoredFile } from "../uploads/upload-store";

export type RequestStatus = "new" | "in_progress" | "done" | "spam";

export interface NewShopRequest {
  kind: RequestKind;
  name: string;
  phone: string;
  email?: string | null;
  company?: string | null;
  message?: string | null;
}

export interface ShopRequestRow {
  id: number;
  public_id: string;
  kind: RequestKind;
  status: RequestStatus;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  message: string | null;
  attachment_key: string | null;
  attachment_type: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  created_at: string;
}

const COLUMNS =
  "id, public_id, kind, status, name, phone, email, company, message, attachment_key, attachment_type, attachment_name, attachment_size, created_at";

/** True when the same words were sent in the last few minutes. */
export async function recentlySent(db: D1Database, fingerprint: string): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT 1 AS found FROM shop_requests WHERE fingerprint = ?1 AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2) LIMIT 1",
    )
    .bind(fingerprint, DUPLICATE_WINDOW_MODIFIER)
    .first<{ found: number }>();
  return row !== null;
}

export interface SaveRequestInput {
  request: NewShopRequest;
  attachment: StoredFile | null;
  fingerprint: string;
  dedupeKey: string;
  /** The e-mail to the shop for the request's public id (it links to the desk), or null when the CMS names no receiver. */
  mail: ((publicId: string) => MailMessage) | null;
}

/** Stores the request and queues its e-mail; `kept` is false when it was a duplicate. */
export async function saveRequest(
  db: D1Database,
  input: SaveRequestInput,
): Promise<{ kept: boolean; publicId: string | null }> {
  const { request, attachment } = input;
  const publicId = crypto.randomUUID();
  const insert = db
    .prepare(
      `INSERT INTO shop_requests (public_id, kind, name, phone, email, company, message,
         attachment_key, attachment_type, attachment_name, attachment_size, fingerprint, dedupe_key)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
    )
    .bind(
      publicId,
      request.kind,
      request.name,
      request.phone,
      request.email || null,
      request.company || null,
      request.message || null,
      attachment?.key ?? null,
      attachment?.contentType ?? null,
      attachment?.name ?? null,
      attachment?.size ?? null,
      input.fingerprint,
      input.dedupeKey,
    );
  try {
    await db.batch(input.mail ? [insert, outboxInsert(db, input.mail(publicId))] : [insert]);
  } catch (error) {
    if (isDuplicateError(error)) return { kept: false, publicId: null };
    throw error;
  }
  return { kept: true, publicId };
}

export async function findRequest(db: D1Database, publicId: string): Promise<ShopRequestRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM shop_requests WHERE public_id = ?1`).bind(publicId).first<ShopRequestRow>();
}
