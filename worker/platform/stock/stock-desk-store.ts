import type { Actor } from "../audit/staff-audit-store";

/**
 * Staff set stock (decision 0078): a product's counts from its desk page, or many SKUs from a CSV
 * import. A change is one D1 batch: a `stock_changes` row written only if every SKU it changes is
 * still at the count the staff member saw (migrations/0093), then — only if that row is there —
 * the counts, the rows of SKUs no longer counted deleted, and one audit row per SKU changed.
 */
export interface StockSet {
  sku: string;
  /** The product the SKU belongs to: stock_levels.product_slug and the audit's record. */
  productSlug: string;
  /** On hand as the staff member saw it; null when it was not counted (no row). */
  before: number | null;
  /** The new count; null stops counting the SKU (its row is deleted). */
  after: number | null;
}

/** The audit's record kind for stock: one record per product, a field per SKU. */
export const STOCK_AUDIT_KIND = "stock";

/**
 * Writes the sets in one batch; false (nothing written) when any SKU's count is no longer its
 * `before` — another staff member saved meanwhile, or an order took or gave back stock — or when
 * `token` (an import's, migrations/0118) was written already (`importTokenUsed` tells which).
 */
export async function writeStockSets(
  db: D1Database,
  change: { actor: Actor; kind: "product" | "import"; sets: readonly StockSet[]; token?: string },
): Promise<boolean> {
  if (change.sets.length === 0) return true;
  const changeId = crypto.randomUUID();
  const sets = JSON.stringify(change.sets);
  const won = "EXISTS (SELECT 1 FROM stock_changes WHERE id = ?1)";
  const field = (name: keyof StockSet) => `json_extract(value, '$.${name}')`;
  const [marked] = await db.batch([
    db
      .prepare(
        `INSERT OR IGNORE INTO stock_changes (id, staff_id, staff_name, kind, import_token) SELECT ?1, ?3, ?4, ?5, ?6
         WHERE NOT EXISTS (
           SELECT 1 FROM json_each(?2) j LEFT JOIN stock_levels s ON s.sku = json_extract(j.value, '$.sku')
           WHERE s.on_hand IS NOT json_extract(j.value, '$.before')
         ) AND NOT EXISTS (SELECT 1 FROM stock_changes WHERE import_token = ?6)`,
      )
      .bind(changeId, sets, change.actor.id, change.actor.name, change.kind, change.token ?? null),
    db
      .prepare(
        `INSERT INTO stock_levels (sku, product_slug, on_hand)
         SELECT ${field("sku")}, ${field("productSlug")}, ${field("after")} FROM json_each(?2)
         WHERE ${field("after")} IS NOT NULL AND ${won}
         ON CONFLICT (sku) DO UPDATE SET on_hand = excluded.on_hand, product_slug = excluded.product_slug,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      )
      .bind(changeId, sets),
    db
      .prepare(
        `DELETE FROM stock_levels WHERE ${won}
           AND sku IN (SELECT ${field("sku")} FROM json_each(?2) WHERE ${field("after")} IS NULL)`,
      )
      .bind(changeId, sets),
    // The audit rows of auditStatement (staff-audit-store.ts), one per SKU, in one statement.
    db
      .prepare(
        `INSERT INTO staff_audit (staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
         SELECT ?3, ?4, ?5, '${STOCK_AUDIT_KIND}', ${field("productSlug")},
           json_object(${field("sku")}, ${field("before")}), json_object(${field("sku")}, ${field("after")})
         FROM json_each(?2) WHERE ${won}`,
      )
      .bind(changeId, sets, change.actor.id, change.actor.name, change.kind === "import" ? "import" : "set"),
  ]);
  return (marked?.meta.changes ?? 0) === 1;
}

/** Whether a change under this import token was written already (a confirm posted twice). */
export async function importTokenUsed(db: D1Database, token: string): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS used FROM stock_changes WHERE import_token = ?1").bind(token).first();
  return row !== null;
}
