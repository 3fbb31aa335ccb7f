import type { Promotion } from "../../../shared/promotions/promotion";
import { type Actor, auditStatement } from "../audit/staff-audit-store";
import { PROMOTION_COLUMNS, type PromotionRow, toPromotion } from "./promotion-record";

/** D1 access for the desk's promotions (docs/promotions.md): the list with what each gave, one, adding, changing, pausing, codes. */
export interface DeskPromotion extends Promotion {
  version: number;
  uses: number;
  /** Every discount it gave, on orders not cancelled. */
  given: number;
  /** Those orders' totals. */
  revenue: number;
  orders: number;
  codes: number;
}

const DESK_COLUMNS = `${PROMOTION_COLUMNS},
  (SELECT COUNT(*) FROM promotion_codes c WHERE c.promotion_id = p.id) AS codes,
  (SELECT COUNT(*) FROM order_discounts d JOIN orders o ON o.id = d.order_id WHERE d.promotion_id = p.id AND o.status <> 'cancelled') AS orders,
  (SELECT COALESCE(SUM(d.amount), 0) FROM order_discounts d JOIN orders o ON o.id = d.order_id WHERE d.promotion_id = p.id AND o.status <> 'cancelled') AS given,
  (SELECT COALESCE(SUM(o.total), 0) FROM orders o WHERE o.status <> 'cancelled'
     AND o.id IN (SELECT d.order_id FROM order_discounts d WHERE d.promotion_id = p.id)) AS revenue`;

type DeskRow = PromotionRow & { codes: number; orders: number; given: number; revenue: number };

function toDesk(row: DeskRow): DeskPromotion {
  return {
    ...toPromotion(row),
    version: row.version,
    uses: row.uses,
    given: row.given,
    revenue: row.revenue,
    orders: row.orders,
    codes: row.codes,
  };
}

export async function listDeskPromotions(db: D1Database): Promise<DeskPromotion[]> {
  const { results } = await db
    .prepare(`SELECT ${DESK_COLUMNS} FROM promotions p ORDER BY p.paused, p.priority DESC, p.id LIMIT 200`)
    .all<DeskRow>();
  return results.map(toDesk);
}

export async function findDeskPromotion(db: D1Database, id: number): Promise<DeskPromotion | null> {
  const row = await db.prepare(`SELECT ${DESK_COLUMNS} FROM promotions p WHERE p.id = ?1`).bind(id).first<DeskRow>();
  return row ? toDesk(row) : null;
}

/** A new promotion as the desk's form gives it (ids and counts are D1's). */
export type NewPromotion = Omit<Promotion, "id" | "paused">;

const audited = (p: NewPromotion | Promotion) => ({
  name: p.name,
  nameAr: p.nameAr ?? "",
  applies: p.applies,
  gives: p.gives,
  target: p.target,
  minSubtotal: p.minSubtotal,
  minQuantity: p.minQuantity,
  firstOrderOnly: p.firstOrderOnly,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  usesMax: p.usesMax,
  usesPerShopper: p.usesPerShopper,
  combinable: p.combinable,
  priority: p.priority,
});

/**
 * A promotion's terms as its row's columns, in the order both the insert and the change name them:
 * gives_json, target_kind, target_values, min_subtotal, min_quantity, starts_at, ends_at,
 * first_order_only, uses_max, uses_per_shopper, combinable, priority.
 */
function termValues(p: NewPromotion): unknown[] {
  return [
    JSON.stringify(p.gives),
    p.target.kind,
    JSON.stringify(p.target.values),
    p.minSubtotal,
    p.minQuantity,
    p.startsAt,
    p.endsAt,
    p.firstOrderOnly ? 1 : 0,
    p.usesMax,
    p.usesPerShopper,
    p.combinable ? 1 : 0,
    p.priority,
  ];
}

/** Adds a promotion, its shared code (if any) and its audit row in one batch; "taken" when the code exists. */
export async function addPromotion(
  db: D1Database,
  p: NewPromotion,
  code: string | null,
  actor: Actor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "taken" }> {
  const last = "(SELECT MAX(id) FROM promotions)";
  try {
    const [inserted] = await db.batch([
      db
        .prepare(
          `INSERT INTO promotions (name, applies, gives_json, target_kind, target_values, min_subtotal, min_quantity,
             starts_at, ends_at, first_order_only, uses_max, uses_per_shopper, combinable, priority, name_ar)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) RETURNING id`,
        )
        .bind(p.name, p.applies, ...termValues(p), p.nameAr ?? ""),
      ...(code ? [db.prepare(`INSERT INTO promotion_codes (code, promotion_id) VALUES (?1, ${last})`).bind(code)] : []),
      db
        .prepare(
          `INSERT INTO staff_audit (staff_id, staff_name, action, record_kind, record_id, before_json, after_json)
           SELECT ?1, ?2, 'add', 'promotion', CAST(${last} AS TEXT), NULL, ?3`,
        )
        .bind(actor.id, actor.name, JSON.stringify({ ...audited(p), code })),
    ]);
    return { ok: true, id: (inserted!.results[0] as { id: number }).id };
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: promotion_codes\.code/.test(error.message))
      return { ok: false, reason: "taken" };
    throw error;
  }
}

const atVersion = (p: DeskPromotion, seen: number) => ({
  sql: "(SELECT version FROM promotions WHERE id = ?1) = ?2",
  params: [p.id, seen],
});

/**
 * A change of a promotion's columns (`set`, its values from ?3 on), guarded on the version the page
 * showed and moving it, with its audit row, in one batch; false when someone else's change won.
 */
async function changeAtVersion(
  db: D1Database,
  p: DeskPromotion,
  seen: number,
  actor: Actor,
  audit: { action: string; before: unknown; after: unknown },
  set: string,
  values: unknown[],
): Promise<boolean> {
  const [, updated] = await db.batch([
    auditStatement(db, atVersion(p, seen), { actor, recordKind: "promotion", recordId: String(p.id), ...audit }),
    db
      .prepare(
        `UPDATE promotions SET ${set}, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now')
         WHERE id = ?1 AND version = ?2`,
      )
      .bind(p.id, seen, ...values),
  ]);
  return (updated!.meta.changes ?? 0) > 0;
}

/** Pauses or resumes, guarded on the version the page showed; false when someone else's change won. */
export function setPaused(
  db: D1Database,
  p: DeskPromotion,
  seen: number,
  paused: boolean,
  actor: Actor,
): Promise<boolean> {
  const audit = { action: paused ? "pause" : "resume", before: { paused: p.paused }, after: { paused } };
  return changeAtVersion(db, p, seen, actor, audit, "paused = ?3", [paused ? 1 : 0]);
}

/**
 * Changes what a promotion gives, on what, when and how often (not how it applies: codes handed out
 * stay valid), guarded on the version the page showed, with its audit row; false when someone else's
 * change won. Orders placed keep the discount they got (order_discounts), under the name they got it by
 * (decision 0129): a new name, English or Arabic, is for orders to come.
 */
export function updatePromotion(
  db: D1Database,
  p: DeskPromotion,
  seen: number,
  next: NewPromotion,
  actor: Actor,
): Promise<boolean> {
  return changeAtVersion(
    db,
    p,
    seen,
    actor,
    { action: "change", before: audited(p), after: audited(next) },
    `name = ?3, gives_json = ?4, target_kind = ?5, target_values = ?6, min_subtotal = ?7, min_quantity = ?8,
     starts_at = ?9, ends_at = ?10, first_order_only = ?11, uses_max = ?12, uses_per_shopper = ?13,
     combinable = ?14, priority = ?15, name_ar = ?16`,
    [next.name, ...termValues(next), next.nameAr ?? ""],
  );
}

/** Single-use codes: `count` new ones of PREFIX-XXXXXXXX, written with the version's move and an audit row. */
export async function addSingleUseCodes(
  db: D1Database,
  p: DeskPromotion,
  seen: number,
  codes: readonly string[],
  actor: Actor,
): Promise<boolean> {
  const guard = atVersion(p, seen);
  const results = await db.batch([
    auditStatement(db, guard, {
      actor,
      action: "codes",
      recordKind: "promotion",
      recordId: String(p.id),
      before: { codes: p.codes },
      after: { codes: p.codes + codes.length },
    }),
    ...codes.map((code) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO promotion_codes (code, promotion_id, single_use)
           SELECT ?3, ?1, 1 WHERE (SELECT version FROM promotions WHERE id = ?1) = ?2`,
        )
        .bind(p.id, seen, code),
    ),
    db.prepare("UPDATE promotions SET version = version + 1 WHERE id = ?1 AND version = ?2").bind(p.id, seen),
  ]);
  return (results.at(-1)!.meta.changes ?? 0) > 0;
}

/** A promotion's codes for its CSV: each with whether it was used. */
export async function listCodes(
  db: D1Database,
  id: number,
): Promise<{ code: string; singleUse: boolean; uses: number }[]> {
  const { results } = await db
    .prepare("SELECT code, single_use, uses FROM promotion_codes WHERE promotion_id = ?1 ORDER BY created_at, code")
    .bind(id)
    .all<{ code: string; single_use: number; uses: number }>();
  return results.map((r) => ({ code: r.code, singleUse: r.single_use === 1, uses: r.uses }));
}
