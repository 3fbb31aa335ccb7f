/**
 * D1 access for the staff audit log (`staff_audit`, migrations/0080): every staff action on
 * every kind of record (order, request, review, redirect, outbox), who, what, when, before
 * and after. Written in the batch of the change it records, read on the record's page.
 */
/** Who did it: the staff member's account id and the name shown in the history. */
export interface Actor {
  id: number;
  name: string;
}

export interface AuditEntry {
  id: number;
  staffName: string;
  action: string;
  before: string | null;
  after: string | null;
  createdAt: string;
}

export function auditStatement(
  db: D1Database,
  guard: { sql: string; params: unknown[] },
  entry: { actor: Actor; action: string; recordKind: string; recordId: string; before: unknown; after: unknown },
): D1PreparedStatement {
  const n = guard.params.length;
  return db
    .prepare(
      `INSERT INTO staff_audit (staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
       SELECT ?${n + 1}, ?${n + 2}, ?${n + 3}, ?${n + 4}, ?${n + 5}, ?${n + 6}, ?${n + 7} WHERE ${guard.sql}`,
    )
    .bind(
      ...guard.params,
      entry.actor.id,
      entry.actor.name,
      entry.action,
      entry.recordKind,
      entry.recordId,
      JSON.stringify(entry.before),
      JSON.stringify(entry.after),
    );
}

export async function listAudit(db: D1Database, recordKind: string, recordId: string): Promise<AuditEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT id, staff_name, action, before_json, after_json, created_at FROM staff_audit
       WHERE record_kind = ?1 AND record_id = ?2 ORDER BY id DESC LIMIT 100`,
    )
    .bind(recordKind, recordId)
    .all<{
      id: number;
      staff_name: string;
      action: string;
      before_json: string | null;
      after_json: string | null;
      created_at: string;
    }>();
  return results.map((row) => ({
    id: row.id,
    staffName: row.staff_name,
    action: row.action,
    before: row.before_json,
    after: row.after_json,
    createdAt: row.created_at,
  }));
}
