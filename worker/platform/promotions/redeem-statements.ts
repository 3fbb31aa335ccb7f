import type { AppliedDiscount } from "../../../shared/promotions/quote";

/**
 * Redeeming an order's promotions inside the batch that writes the order (docs/decisions/0108-promotions-one-quote-redeemed-in-the-order-batch.md).
 * Every counter refuses to pass its limit (the named CHECKs of migrations/0120_promotions.sql), so
 * the order's batch rolls back whole when a promotion, a single-use code or a shopper's uses would
 * go past theirs: a code with 100 uses raced by 150 orders gives exactly 100. Each statement is
 * guarded on this attempt's order number (`ours`, SQL over ?1 and ?2), like the rest of the batch.
 */
export interface Redemption {
  discounts: readonly AppliedDiscount[];
  /** The shopper's keys (promotion-store.ts shopperKeys), counted against each promotion's per-shopper limit. */
  shopperKeys: readonly string[];
  /** Per-shopper limits by promotion id. */
  perShopper: ReadonlyMap<number, number | null>;
}

export function redeemStatements(
  db: D1Database,
  ours: { sql: string; params: readonly unknown[] },
  { discounts, shopperKeys, perShopper }: Redemption,
): D1PreparedStatement[] {
  const orderId = `(SELECT id FROM orders WHERE idempotency_key = ?1 AND number = ?2)`;
  return discounts.flatMap((discount, position) => {
    const params = [...ours.params];
    const statements = [
      db
        .prepare(
          `INSERT INTO order_discounts (order_id, position, promotion_id, name, code, kind, amount, limited_to)
           SELECT ${orderId}, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE ${ours.sql}`,
        )
        .bind(
          ...params,
          position,
          discount.promotionId,
          discount.name,
          discount.code,
          discount.kind,
          discount.amount,
          discount.limitedTo,
        ),
      db
        .prepare(
          `UPDATE promotions SET uses = uses + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') WHERE id = ?3 AND ${ours.sql}`,
        )
        .bind(...params, discount.promotionId),
    ];
    if (discount.code !== null)
      statements.push(
        db
          .prepare(`UPDATE promotion_codes SET uses = uses + 1 WHERE code = ?3 AND ${ours.sql}`)
          .bind(...params, discount.code),
      );
    for (const key of shopperKeys)
      statements.push(
        db
          .prepare(
            `INSERT INTO promotion_shopper_uses (promotion_id, shopper_key, uses, ceiling)
             SELECT ?3, ?4, 1, ?5 WHERE ${ours.sql}
             ON CONFLICT (promotion_id, shopper_key) DO UPDATE SET uses = uses + 1, ceiling = excluded.ceiling`,
          )
          .bind(...params, discount.promotionId, key, perShopper.get(discount.promotionId) ?? null),
      );
    return statements;
  });
}

/** Which limit a failed order batch broke, when it was a promotion's. */
export function promotionRefusal(error: unknown): "used-up" | "used-by-you" | null {
  if (!(error instanceof Error)) return null;
  if (/promotion_uses_left|code_uses_left/.test(error.message)) return "used-up";
  if (/shopper_uses_left/.test(error.message)) return "used-by-you";
  return null;
}
