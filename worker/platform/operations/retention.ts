/*
 * How long the shop keeps each kind of row that is no use past an age, in one table (written out
 * in docs/limits.md, "Retention"), and the sweeps the cron runs (worker/platform/operations/cron-steps.ts).
 * Each sweep deletes at most SWEEP_BATCH rows a run: a backlog drains over a few runs, no run is
 * long. Invoices and credit notes are never swept: the shop keeps none yet, and when it does they
 * stay for as long as the law asks (years), outside this table.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Ages in days, each from the moment named beside it. */
export const RETENTION_DAYS = {
  /** Rate-limit counters: from the end of their window (they are useless after it). */
  rateLimits: 0,
  /** Shop sessions: from their end (sign-out) or expiry. */
  endedSessions: 1,
  /** E-mails delivered: from their sending (the outbox desk shows a month back). */
  sentMails: 30,
  /** Searches that found nothing: from the last time someone searched the words. */
  searchMisses: 180,
  /** "Tell me when it's back" never confirmed: from the confirmation e-mail (its link is dead by then). */
  unconfirmedStockAlerts: 7,
  /** Stock alerts sent or unsubscribed: from the sending or the unsubscribe (the tokens stop working). */
  closedStockAlerts: 30,
  /**
   * An account's e-mail still being proven (account_email_proofs, decision 0128): from registration. The
   * embedded CMS's confirmation link dies after 7 days (worker/cms/auth/auth-codes.ts) and may be sent
   * again; the row waits for the confirmed account's first sign-in, which may come later still. 30 days,
   * as for closed stock alerts, leaves room for both; past it, the guest orders stay guest orders,
   * reachable by the key in their e-mails (decision 0112), and the address is not kept for nothing.
   */
  emailProofs: 30,
} as const;

/** Rows a sweep deletes in one run, at most. */
export const SWEEP_BATCH = 1000;

function isoDaysBefore(now: number, days: number): string {
  return new Date(now - days * DAY_MS).toISOString();
}

async function changes(statement: D1PreparedStatement): Promise<number> {
  return (await statement.run()).meta.changes ?? 0;
}

/** Delivered e-mails past their age (their addresses and words go with them). */
export function sweepSentMails(db: D1Database, now: number): Promise<number> {
  return changes(
    db
      .prepare(
        `DELETE FROM outbox WHERE rowid IN
           (SELECT rowid FROM outbox WHERE status = 'sent' AND sent_at < ?1 LIMIT ?2)`,
      )
      .bind(isoDaysBefore(now, RETENTION_DAYS.sentMails), SWEEP_BATCH),
  );
}

/** Searches that found nothing, unsearched for their age. */
export function sweepSearchMisses(db: D1Database, now: number): Promise<number> {
  return changes(
    db
      .prepare(
        `DELETE FROM search_misses WHERE rowid IN
           (SELECT rowid FROM search_misses WHERE last_seen < ?1 LIMIT ?2)`,
      )
      .bind(now - RETENTION_DAYS.searchMisses * DAY_MS, SWEEP_BATCH),
  );
}

/** Stock alerts whose tokens can do nothing any more: never confirmed, or sent or unsubscribed, past their ages. */
export function sweepStockAlerts(db: D1Database, now: number): Promise<number> {
  return changes(
    db
      .prepare(
        `DELETE FROM stock_alerts WHERE id IN
           (SELECT id FROM stock_alerts
             WHERE (status = 'pending' AND confirmation_sent_at < ?1)
                OR (status = 'sent' AND sent_at < ?2)
                OR (status = 'unsubscribed' AND unsubscribed_at < ?2)
             LIMIT ?3)`,
      )
      .bind(
        isoDaysBefore(now, RETENTION_DAYS.unconfirmedStockAlerts),
        isoDaysBefore(now, RETENTION_DAYS.closedStockAlerts),
        SWEEP_BATCH,
      ),
  );
}

/** Accounts' e-mails never proven (or never signed in with once proven) past their age: the address goes. */
export function sweepEmailProofs(db: D1Database, now: number): Promise<number> {
  return changes(
    db
      .prepare(
        `DELETE FROM account_email_proofs WHERE user_id IN
           (SELECT user_id FROM account_email_proofs WHERE created_at < ?1 LIMIT ?2)`,
      )
      .bind(isoDaysBefore(now, RETENTION_DAYS.emailProofs), SWEEP_BATCH),
  );
}
