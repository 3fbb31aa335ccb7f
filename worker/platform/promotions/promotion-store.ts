import type { Locale } from "../../../shared/constants";
import { mailboxOf } from "../../../shared/mailbox";
import type { Promotion, PromotionUsage } from "../../../shared/promotions/promotion";
import { promotionIn } from "../../../shared/promotions/promotion-name";
import type { Candidate } from "../../../shared/promotions/quote";
import { type ShopSettings, settingsOf } from "../../../shared/promotions/shop-settings";
import type { CartOwner } from "../bag/cart-store";
import { PROMOTION_COLUMNS, type PromotionRow, toPromotion } from "./promotion-record";

/**
 * D1 access for what a quote needs (docs/promotions.md): the automatic promotions running now, the
 * code a bag carries with its promotion, the shopper's uses, whether they ordered before, and the
 * desk's delivery settings, as statements for the batch that reads the bag (docs/decisions/0100):
 * no round trip of their own. readPromotions reads their results.
 */
export const PROMOTION_READS = 5;

/** Who a shopper is for per-shopper limits: the account, else a guest's mailbox and phone. */
export function shopperKeys(userId: number | null, email: string | null, phone: string | null): string[] {
  if (userId !== null) return [`user:${userId}`];
  const keys: string[] = [];
  if (email) keys.push(`mail:${mailboxOf(email)}`);
  const digits = (phone ?? "").replace(/\D/g, "").replace(/^(00971|971|0)/, "");
  if (digits) keys.push(`phone:${digits}`);
  return keys;
}

export interface Shopper {
  owner: CartOwner | null;
  userId: number | null;
  email: string | null;
  /** A code typed now, to look up beside the bag's own (applying a code). */
  typedCode?: string | null;
  keys: string[];
}

export function promotionStatements(db: D1Database, shopper: Shopper, now: Date): D1PreparedStatement[] {
  const owner = shopper.owner ?? { kind: "visitor", id: "" };
  return [
    db
      .prepare(
        `SELECT ${PROMOTION_COLUMNS} FROM promotions p
         WHERE p.applies = 'auto' AND p.paused = 0 AND (p.ends_at IS NULL OR p.ends_at > ?1)`,
      )
      .bind(now.toISOString()),
    // The bag's code (or the one typed now), whether or not it is one, with its promotion when it is.
    db
      .prepare(
        `WITH w AS (SELECT ?3 AS code WHERE ?3 IS NOT NULL
               UNION ALL SELECT cc.code FROM cart_codes cc JOIN carts k ON k.id = cc.cart_id
                 WHERE k.owner_kind = ?1 AND k.owner_id = ?2 AND ?3 IS NULL)
         SELECT w.code AS asked, c.single_use, c.uses AS code_uses, ${PROMOTION_COLUMNS}
         FROM w LEFT JOIN promotion_codes c ON c.code = w.code
         LEFT JOIN promotions p ON p.id = c.promotion_id`,
      )
      .bind(owner.kind, owner.id, shopper.typedCode ?? null),
    db
      .prepare(
        `SELECT promotion_id, MAX(uses) AS uses FROM promotion_shopper_uses
         WHERE shopper_key IN (SELECT value FROM json_each(?1)) GROUP BY promotion_id`,
      )
      .bind(JSON.stringify(shopper.keys)),
    db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM orders WHERE user_id = ?1 AND status <> 'cancelled')
             OR EXISTS (SELECT 1 FROM orders WHERE email = ?2 AND status <> 'cancelled') AS ordered`,
      )
      .bind(shopper.userId, shopper.email),
    db.prepare("SELECT value, version FROM shop_settings WHERE key = 'delivery'"),
  ];
}

/** The code a bag carries or a shopper typed, as D1 found it. */
export interface CodeFound {
  code: string;
  /** Null: no such code, or a single-use code used already (answered alike: docs/promotions.md). */
  promotion: Promotion | null;
}

export interface PromotionsRead {
  candidates: Candidate[];
  code: CodeFound | null;
  settings: ShopSettings;
  ordered: boolean;
  giftsInStock: Set<string>;
}

type CodeRow = PromotionRow & { asked: string; single_use: number | null; code_uses: number | null };

/** The reads' results, each promotion named in the shopper's language (`locale`: the page's). */
export function readPromotions(results: readonly D1Result[], locale: Locale): PromotionsRead {
  const autoRows = (results[0]?.results ?? []) as PromotionRow[];
  const codeRow = (results[1]?.results ?? [])[0] as CodeRow | undefined;
  const uses = new Map(
    ((results[2]?.results ?? []) as { promotion_id: number; uses: number }[]).map((r) => [r.promotion_id, r.uses]),
  );
  const ordered = ((results[3]?.results ?? [])[0] as { ordered: number } | undefined)?.ordered === 1;
  const settingsRow = (results[4]?.results ?? [])[0] as { value: string; version: number } | undefined;
  const usage = (row: PromotionRow): PromotionUsage => ({ used: row.uses, byShopper: uses.get(row.id) ?? 0 });
  const giftsInStock = new Set<string>();
  const noteGift = (row: PromotionRow, promotion: Promotion) => {
    if (promotion.gives.kind === "gift" && (row.gift_on_hand ?? 1) > 0) giftsInStock.add(promotion.gives.sku);
  };
  const candidates: Candidate[] = autoRows.map((row) => {
    const promotion = promotionIn(toPromotion(row), locale);
    noteGift(row, promotion);
    return { promotion, code: null, usage: usage(row) };
  });
  let code: CodeFound | null = null;
  if (codeRow) {
    const usable = codeRow.id !== null && !(codeRow.single_use === 1 && (codeRow.code_uses ?? 0) >= 1);
    const promotion = usable ? promotionIn(toPromotion(codeRow), locale) : null;
    code = { code: codeRow.asked, promotion };
    if (promotion && !candidates.some((c) => c.promotion.id === promotion.id)) {
      noteGift(codeRow, promotion);
      candidates.push({ promotion, code: codeRow.asked, usage: usage(codeRow) });
    }
  }
  return {
    candidates,
    code,
    settings: settingsOf(settingsRow?.value ?? null, settingsRow?.version ?? 0),
    ordered,
    giftsInStock,
  };
}
