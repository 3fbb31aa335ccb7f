import { type Actor, auditStatement } from "../audit/staff-audit-store";

/**
 * D1 access for redirect_rules (migrations/0060, 0082): every rule for the middleware, and the
 * staff desk's list, add, change and delete, each written in one batch with its audit row and
 * (change, delete) only if the rule is still at the version the page showed.
 */
export interface RedirectRule {
  fromPath: string;
  toTarget: string;
  status: 301 | 302;
}

/** A rule as the desk shows it. */
export interface StoredRule extends RedirectRule {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string | null;
}

interface RedirectRuleRow {
  from_path: string;
  to_target: string;
  status: number;
}

interface StoredRuleRow extends RedirectRuleRow {
  id: number;
  version: number;
  created_at: string;
  updated_at: string | null;
}

/** Far more rules than a shop keeps; a runaway table cannot exhaust an isolate's memory. */
const MAX_RULES = 10_000;
const STORED_COLUMNS = "id, from_path, to_target, status, version, created_at, updated_at";

function toRule(row: RedirectRuleRow): RedirectRule {
  return { fromPath: row.from_path, toTarget: row.to_target.trim(), status: row.status === 302 ? 302 : 301 };
}

function toStored(row: StoredRuleRow): StoredRule {
  return { ...toRule(row), id: row.id, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** Every rule, keyed by the exact path it applies to. */
export async function listRedirectRules(db: D1Database): Promise<Map<string, RedirectRule>> {
  const { results } = await db
    .prepare("SELECT from_path, to_target, status FROM redirect_rules ORDER BY id LIMIT ?")
    .bind(MAX_RULES)
    .all<RedirectRuleRow>();
  return new Map(results.map((row) => [row.from_path, toRule(row)]));
}

/** Every rule for the desk, by path. */
export async function listStoredRules(db: D1Database): Promise<StoredRule[]> {
  const { results } = await db
    .prepare(`SELECT ${STORED_COLUMNS} FROM redirect_rules ORDER BY from_path LIMIT ?1`)
    .bind(MAX_RULES)
    .all<StoredRuleRow>();
  return results.map(toStored);
}

export async function findStoredRule(db: D1Database, id: number): Promise<StoredRule | null> {
  const row = await db
    .prepare(`SELECT ${STORED_COLUMNS} FROM redirect_rules WHERE id = ?1`)
    .bind(id)
    .first<StoredRuleRow>();
  return row ? toStored(row) : null;
}

/** D1's answer when a from_path is already taken (the UNIQUE constraint), e.g. by a rule added meanwhile. */
function isTakenError(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed: redirect_rules\.from_path/.test(error.message);
}

const audited = (rule: RedirectRule) => ({ fromPath: rule.fromPath, toTarget: rule.toTarget, status: rule.status });

/** Adds a rule and its audit row; "taken" when a rule for the path exists (nothing is written). */
export async function addRule(
  db: D1Database,
  rule: RedirectRule,
  actor: Actor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "taken" }> {
  try {
    const [, , added] = await db.batch([
      db
        .prepare("INSERT INTO redirect_rules (from_path, to_target, status) VALUES (?1, ?2, ?3)")
        .bind(rule.fromPath, rule.toTarget, rule.status),
      // The record id is the one D1 just gave the rule, known only inside the batch: hence not auditStatement.
      db
        .prepare(
          `INSERT INTO staff_audit (staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
           SELECT ?1, ?2, 'add', 'redirect', CAST(id AS TEXT), 'null', ?3 FROM redirect_rules WHERE from_path = ?4`,
        )
        .bind(actor.id, actor.name, JSON.stringify(audited(rule)), rule.fromPath),
      db.prepare("SELECT id FROM redirect_rules WHERE from_path = ?1").bind(rule.fromPath),
    ]);
    return { ok: true, id: (added?.results?.[0] as { id: number } | undefined)?.id ?? 0 };
  } catch (error) {
    if (isTakenError(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

/** The guard of a change: the rule is still at the version the page showed (checked before it is written). */
function atVersion(rule: StoredRule, seenVersion: number) {
  return {
    sql: "EXISTS (SELECT 1 FROM redirect_rules WHERE id = ?1 AND version = ?2)",
    params: [rule.id, seenVersion],
  };
}

export type RuleWrite = "saved" | "stale" | "taken";

/**
 * Changes a rule, with its audit row, only if it is still at `seenVersion`. A D1 batch is one
 * transaction: the audit row, written first under the same guard, stands or falls with the change.
 */
export async function changeRule(
  db: D1Database,
  before: StoredRule,
  seenVersion: number,
  after: RedirectRule,
  actor: Actor,
): Promise<RuleWrite> {
  const guard = atVersion(before, seenVersion);
  try {
    const [, updated] = await db.batch([
      auditStatement(db, guard, {
        actor,
        action: "change",
        recordKind: "redirect",
        recordId: String(before.id),
        before: audited(before),
        after: audited(after),
      }),
      db
        .prepare(
          `UPDATE redirect_rules SET from_path = ?3, to_target = ?4, status = ?5, version = version + 1,
             updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
           WHERE id = ?1 AND version = ?2`,
        )
        .bind(before.id, seenVersion, after.fromPath, after.toTarget, after.status),
    ]);
    return (updated?.meta.changes ?? 0) === 1 ? "saved" : "stale";
  } catch (error) {
    if (isTakenError(error)) return "taken";
    throw error;
  }
}

/** Deletes a rule, with its audit row, only if it is still at `seenVersion`; false when it moved on or is gone. */
export async function deleteRule(
  db: D1Database,
  before: StoredRule,
  seenVersion: number,
  actor: Actor,
): Promise<boolean> {
  const guard = atVersion(before, seenVersion);
  const [, deleted] = await db.batch([
    auditStatement(db, guard, {
      actor,
      action: "delete",
      recordKind: "redirect",
      recordId: String(before.id),
      before: audited(before),
      after: null,
    }),
    db.prepare("DELETE FROM redirect_rules WHERE id = ?1 AND version = ?2").bind(before.id, seenVersion),
  ]);
  return (deleted?.meta.changes ?? 0) === 1;
}
