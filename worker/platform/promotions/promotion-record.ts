import type { Promotion, PromotionGives, TargetKind } from "../../../shared/promotions/promotion";

/** A promotion as D1 keeps it (promotions, migrations/0120_promotions.sql), its columns and mapper. */
export interface PromotionRow {
  id: number;
  name: string;
  /** Its Arabic name, '' for none (migrations/0156_promotions_name_ar.sql). */
  name_ar: string | null;
  applies: "auto" | "code";
  gives_json: string;
  target_kind: TargetKind;
  target_values: string;
  min_subtotal: number;
  min_quantity: number;
  starts_at: string | null;
  ends_at: string | null;
  first_order_only: number;
  uses_max: number | null;
  uses: number;
  uses_per_shopper: number | null;
  combinable: number;
  priority: number;
  paused: number;
  version: number;
  /** Stock on hand of a gift's SKU (null when not counted), read beside the promotion. */
  gift_on_hand?: number | null;
}

export const PROMOTION_COLUMNS = `p.id, p.name, p.name_ar, p.applies, p.gives_json, p.target_kind, p.target_values, p.min_subtotal,
  p.min_quantity, p.starts_at, p.ends_at, p.first_order_only, p.uses_max, p.uses, p.uses_per_shopper, p.combinable,
  p.priority, p.paused, p.version,
  (SELECT s.on_hand FROM stock_levels s WHERE s.sku = json_extract(p.gives_json, '$.sku')) AS gift_on_hand`;

function strings(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

export function toPromotion(row: PromotionRow): Promotion {
  return {
    id: row.id,
    name: row.name,
    nameAr: row.name_ar ?? "",
    applies: row.applies,
    gives: JSON.parse(row.gives_json) as PromotionGives,
    target: { kind: row.target_kind, values: strings(row.target_values) },
    minSubtotal: row.min_subtotal,
    minQuantity: row.min_quantity,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    firstOrderOnly: row.first_order_only === 1,
    usesMax: row.uses_max,
    usesPerShopper: row.uses_per_shopper,
    combinable: row.combinable === 1,
    priority: row.priority,
    paused: row.paused === 1,
  };
}
