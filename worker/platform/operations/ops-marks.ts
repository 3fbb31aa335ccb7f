/*
 * The ops_marks table (migrations/0130_ops_marks.sql): the last cron run and the last CMS webhook, one
 * row each, overwritten. The health page (/staff/health) reads both in its one batch.
 */

/** What one step of a cron run did (worker/platform/operations/cron-run.ts). */
export interface StepMark {
  step: string;
  ok: boolean;
  /** How many things it moved: e-mails sent, rows swept, orders released. */
  count: number;
  /** Why it failed, scrubbed (shared/log/log-line.ts); null when it did not. */
  error: string | null;
  ms: number;
}

export interface CronMark {
  at: string;
  steps: StepMark[];
}

/** What a CMS webhook moved: its event and model, and the versions it moved on. */
export interface WebhookMark {
  at: string;
  event: string;
  model: string;
  moved: string[];
}

export type OpsMarkKind = "cron" | "webhook";

export function markStatement(db: D1Database, kind: OpsMarkKind, at: string, detail: unknown): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO ops_marks (kind, at, detail) VALUES (?1, ?2, ?3) ON CONFLICT (kind) DO UPDATE SET at = ?2, detail = ?3",
    )
    .bind(kind, at, JSON.stringify(detail));
}

export const MARKS_SQL = "SELECT kind, at, detail FROM ops_marks";

export interface MarkRow {
  kind: string;
  at: string;
  detail: string;
}

/** The marks read back; a detail that is not the JSON written is left out rather than trusted. */
export function readMarks(rows: readonly MarkRow[]): { cron: CronMark | null; webhook: WebhookMark | null } {
  const marks: { cron: CronMark | null; webhook: WebhookMark | null } = { cron: null, webhook: null };
  for (const row of rows) {
    try {
      const detail = JSON.parse(row.detail) as Record<string, unknown>;
      if (row.kind === "cron" && Array.isArray(detail.steps))
        marks.cron = { at: row.at, steps: detail.steps as StepMark[] };
      if (row.kind === "webhook")
        marks.webhook = {
          at: row.at,
          event: String(detail.event ?? ""),
          model: String(detail.model ?? ""),
          moved: Array.isArray(detail.moved) ? detail.moved.map(String) : [],
        };
    } catch {
      // A mark that is not JSON: shown as none.
    }
  }
  return marks;
}
