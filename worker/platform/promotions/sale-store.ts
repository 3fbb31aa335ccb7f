import type { Promotion } from "../../../shared/promotions/promotion";
import { isSale } from "../../../shared/promotions/sale-price";
import { PROMOTION_COLUMNS, type PromotionRow, toPromotion } from "./promotion-record";

/**
 * The sales running now or later (decision 0120, shared/promotions/sale-price.ts `isSale`): one D1
 * query on the automatic promotions' index, read beside the page's stock (no round trip of its own).
 * Later ones are read too: a kept page remembers when the next one starts.
 */
export async function readSales(db: D1Database, now: Date): Promise<Promotion[]> {
  const { results } = await db
    .prepare(
      `SELECT ${PROMOTION_COLUMNS} FROM promotions p
       WHERE p.applies = 'auto' AND p.paused = 0 AND p.target_kind <> 'order'
         AND (p.ends_at IS NULL OR p.ends_at > ?1)`,
    )
    .bind(now.toISOString())
    .all<PromotionRow>();
  return results.map(toPromotion).filter(isSale);
}
