/** One row of redirect_rules (migrations/0060). */
export interface RedirectRule {
  fromPath: string;
  toTarget: string;
  status: 301 | 302;
}

interface RedirectRuleRow {
  from_path: string;
  to_target: string;
  status: number;
}

/** Far more rules than a shop keeps; a runaway table cannot exhaust an isolate's memory. */
const MAX_RULES = 10_000;

function toRule(row: RedirectRuleRow): RedirectRule {
  return { fromPath: row.from_path, toTarget: row.to_target.trim(), status: row.status === 302 ? 302 : 301 };
}

/** Every rule, keyed by the exact path it applies to. */
export async function listRedirectRules(db: D1Database): Promise<Map<string, RedirectRule>> {
  const { results } = await db
    .prepare("SELECT from_path, to_target, status FROM redirect_rules ORDER BY id LIMIT ?")
    .bind(MAX_RULES)
    .all<RedirectRuleRow>();
  return new Map(results.map((row) => [row.from_path, toRule(row)]));
}
