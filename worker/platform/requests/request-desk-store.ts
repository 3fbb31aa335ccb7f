import type { RequestKind } from "../../../shared/forms/requests";
import { type Actor, auditStatement } from "../audit/staff-audit-store";
import type { RequestStatus, ShopRequestRow } from "./request-store";

/**
 * D1 access for the staff desk's requests (decision 0074, migrations/0050 + 0081): the filtered
 * list, one request with its desk columns, and a change (status or note) written in one batch
 * with its audit row, only if nobody changed the request since the page was shown (`version`).
 */
export const REQUEST_STATUSES: readonly RequestStatus[] = ["new", "in_progress", "done", "spam"];
export const REQUEST_KINDS: readonly RequestKind[] = ["callback", "consultation", "wholesale", "partnership"];

export interface RequestAttachment {
  key: string;
  contentType: string;
  name: string;
  size: number;
}

export interface DeskRequest {
  id: number;
  publicId: string;
  kind: RequestKind;
  status: RequestStatus;
  name: string;
  phone: string;
  email: string | null;
  company: string | null;
  message: string | null;
  attachment: RequestAttachment | null;
  staffNote: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The stored request with the desk's columns (migrations/0081). */
interface DeskRequestRow extends ShopRequestRow {
  staff_note: string | null;
  version: number;
  updated_at: string;
}

const COLUMNS = `id, public_id, kind, status, name, phone, email, company, message, attachment_key, attachment_type,
  attachment_name, attachment_size, staff_note, version, created_at, updated_at`;

function toDeskRequest(row: DeskRequestRow): DeskRequest {
  return {
    id: row.id,
    publicId: row.public_id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    phone: row.phone,
    email: row.email,
    company: row.company,
    message: row.message,
    // A type is stored with every key (the upload was checked); a row without one has no file to serve.
    attachment:
      row.attachment_key && row.attachment_type
        ? {
            key: row.attachment_key,
            contentType: row.attachment_type,
            name: row.attachment_name || "attachment",
            size: row.attachment_size ?? 0,
          }
        : null,
    staffNote: row.staff_note,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface RequestFilter {
  status?: RequestStatus;
  kind?: RequestKind;
}

export async function listRequests(
  db: D1Database,
  filter: RequestFilter,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ requests: DeskRequest[]; total: number }> {
  // Only the filters that are set, so SQLite picks the index for them (an `?1 IS NULL OR …` would hide it).
  const parts: string[] = [];
  const params: string[] = [];
  if (filter.status) parts.push(`status = ?${params.push(filter.status)}`);
  if (filter.kind) parts.push(`kind = ?${params.push(filter.kind)}`);
  const where = parts.length ? `WHERE ${parts.join(" AND ")}` : "";
  const n = params.length;
  const [count, rows] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS total FROM shop_requests ${where}`).bind(...params),
    db
      .prepare(
        `SELECT ${COLUMNS} FROM shop_requests ${where} ORDER BY created_at DESC, id DESC LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      )
      .bind(...params, perPage, (page - 1) * perPage),
  ]);
  return {
    requests: ((rows?.results ?? []) as DeskRequestRow[]).map(toDeskRequest),
    total: ((count?.results?.[0] as { total?: number } | undefined)?.total ?? 0) as number,
  };
}

export async function findDeskRequest(db: D1Database, publicId: string): Promise<DeskRequest | null> {
  const row = await db
    .prepare(`SELECT ${COLUMNS} FROM shop_requests WHERE public_id = ?1`)
    .bind(publicId)
    .first<DeskRequestRow>();
  return row ? toDeskRequest(row) : null;
}

export interface RequestChange {
  request: DeskRequest;
  /** The version the staff member saw; the change is written only if it is still the request's. */
  seenVersion: number;
  actor: Actor;
  /** The audit's name for it: "start", "done", "spam", "reopen", "note". */
  action: string;
  /** A status move, or none for a note. */
  to?: RequestStatus;
  /** The new internal note (null clears it); undefined leaves it as it is. */
  note?: string | null;
}

/**
 * Writes the change in one batch: the request (version + 1, marked with this change's id) and
 * the audit row, the latter only if the request carries this change's id. False when the
 * request moved on since `seenVersion` (nothing is written).
 */
export async function changeRequest(db: D1Database, change: RequestChange): Promise<boolean> {
  const { request } = change;
  const changeId = crypto.randomUUID();
  const before = { status: request.status, note: request.staffNote };
  const after = {
    status: change.to ?? request.status,
    note: change.note === undefined ? request.staffNote : change.note,
  };
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE shop_requests SET status = ?3, staff_note = ?4, change_id = ?5, version = version + 1,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ?1 AND version = ?2`,
      )
      .bind(request.id, change.seenVersion, after.status, after.note, changeId),
    auditStatement(
      db,
      { sql: "(SELECT change_id FROM shop_requests WHERE id = ?1) = ?2", params: [request.id, changeId] },
      {
        actor: change.actor,
        action: change.action,
        recordKind: "request",
        recordId: request.publicId,
        before,
        after,
      },
    ),
  ]);
  return (updated?.meta.changes ?? 0) === 1;
}
