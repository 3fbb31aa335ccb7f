import type { Actor } from "../audit/staff-audit-store";

/**
 * D1 access for the staff desk's e-mails (decision 0074, migrations/0001 + 0081): the outbox by
 * status, and the retry of failed e-mails. The body is never read here: it can hold a
 * password-reset link, which is the shopper's alone.
 */
export const OUTBOX_STATUSES = ["failed", "pending", "sent"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface DeskMail {
  id: number;
  recipient: string;
  subject: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
}

interface DeskMailRow {
  id: number;
  recipient: string;
  subject: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  last_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
}

function toDeskMail(row: DeskMailRow): DeskMail {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** One status's e-mails, newest first (the (status, created_at) index of 0001), and how many there are of each. */
export async function listOutbox(
  db: D1Database,
  status: OutboxStatus,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ mails: DeskMail[]; counts: Record<OutboxStatus, number> }> {
  const [counts, rows] = await db.batch([
    db.prepare("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status"),
    db
      .prepare(
        `SELECT id, recipient, subject, kind, status, attempts, last_error, last_attempt_at, created_at, sent_at
         FROM outbox WHERE status = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3`,
      )
      .bind(status, perPage, (page - 1) * perPage),
  ]);
  const byStatus: Record<OutboxStatus, number> = { failed: 0, pending: 0, sent: 0 };
  for (const row of (counts?.results ?? []) as { status: OutboxStatus; n: number }[]) byStatus[row.status] = row.n;
  return { mails: ((rows?.results ?? []) as DeskMailRow[]).map(toDeskMail), counts: byStatus };
}

/** At most this many e-mails go back per "Retry all": a day's failures, kept to one modest batch. */
export const RETRY_ALL_LIMIT = 200;

/**
 * Puts failed e-mails back in the queue: status pending with no attempts counted, so the cron's
 * next run (worker/platform/mail/deliver-outbox.ts, every 5 minutes) sends them and retries them
 * as it does any new e-mail. Not sent from the request itself: the outbox has no claim on a row,
 * so a send here racing the cron's could send an e-mail twice.
 *
 * One batch: mark the chosen rows with this retry's id, write an audit row for each marked row
 * (its status, attempts and last error before), then put them back. Two staff retrying at once
 * are serialised by D1; the second finds nothing failed and puts nothing back. `id` retries one
 * e-mail, none retries every failed one (up to RETRY_ALL_LIMIT). Answers how many went back.
 */
export async function retryFailedMails(db: D1Database, actor: Actor, id?: number): Promise<number> {
  const changeId = crypto.randomUUID();
  const [, , retried] = await db.batch([
    db
      .prepare(
        `UPDATE outbox SET change_id = ?1 WHERE id IN (
           SELECT id FROM outbox WHERE status = 'failed' AND (?2 IS NULL OR id = ?2) ORDER BY id LIMIT ?3)`,
      )
      .bind(changeId, id ?? null, RETRY_ALL_LIMIT),
    // The audit rows as order-history-store's auditStatement writes them, one per e-mail the mark found.
    db
      .prepare(
        `INSERT INTO staff_audit (staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
         SELECT ?2, ?3, 'retry', 'outbox', CAST(id AS TEXT),
           json_object('status', status, 'attempts', attempts, 'lastError', last_error),
           json_object('status', 'pending', 'attempts', 0)
         FROM outbox WHERE change_id = ?1 AND status = 'failed'`,
      )
      .bind(changeId, actor.id, actor.name),
    db
      .prepare("UPDATE outbox SET status = 'pending', attempts = 0 WHERE change_id = ?1 AND status = 'failed'")
      .bind(changeId),
  ]);
  return retried?.meta.changes ?? 0;
}

export interface MailRetry {
  id: number;
  mailId: number;
  recipient: string | null;
  subject: string | null;
  staffName: string;
  createdAt: string;
}

/** The latest retries staff made, for the outbox page (its audit, like every record's page shows). */
export async function listRetries(db: D1Database, limit = 20): Promise<MailRetry[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.record_id, a.staff_name, a.created_at, o.recipient, o.subject
       FROM staff_audit a LEFT JOIN outbox o ON o.id = CAST(a.record_id AS INTEGER)
       WHERE a.record_kind = 'outbox' ORDER BY a.id DESC LIMIT ?1`,
    )
    .bind(limit)
    .all<{
      id: number;
      record_id: string;
      staff_name: string;
      created_at: string;
      recipient: string | null;
      subject: string | null;
    }>();
  return results.map((row) => ({
    id: row.id,
    mailId: Number(row.record_id),
    recipient: row.recipient,
    subject: row.subject,
    staffName: row.staff_name,
    createdAt: row.created_at,
  }));
}

/** One e-mail, to say why a retry of it found nothing to do (sent or queued meanwhile). */
export async function findMail(db: D1Database, id: number): Promise<DeskMail | null> {
  const row = await db
    .prepare(
      `SELECT id, recipient, subject, kind, status, attempts, last_error, last_attempt_at, created_at, sent_at
       FROM outbox WHERE id = ?1`,
    )
    .bind(id)
    .first<DeskMailRow>();
  return row ? toDeskMail(row) : null;
}
