import type { Fils } from "../money";

/**
 * A promotion as the shop keeps it (D1 `promotions`, docs/promotions.md) and as the quote
 * (shared/promotions/quote.ts) reads it. Money in fils; times as UTC instants (the desk reads and
 * writes them in Asia/Dubai).
 */
export type PromotionGives =
  | { kind: "percent"; percent: number; cap: Fils | null }
  /** Off each unit of the products it is on; off the order once when it is on the order (decision 0123). */
  | { kind: "fixed"; amount: Fils }
  | { kind: "free_delivery" }
  /** A SKU added at 0 while its stock lasts. */
  | { kind: "gift"; productSlug: string; variantSku: string; sku: string }
  /** Buy `buy`, get `get` more of the same products free: "3 for 2" is buy 2 get 1. */
  | { kind: "buy_get"; buy: number; get: number };

export type TargetKind = "order" | "product" | "variant" | "category" | "brand";

export interface Promotion {
  id: number;
  name: string;
  /** Its name on Arabic pages; empty or absent: they show `name` (shared/promotions/promotion-name.ts, decision 0129). */
  nameAr?: string;
  /** "auto" applies by itself; "code" only with one of its codes. */
  applies: "auto" | "code";
  gives: PromotionGives;
  /** What it applies to: the whole order, or lines whose product, variant (SKU), category or brand is listed. */
  target: { kind: TargetKind; values: readonly string[] };
  minSubtotal: Fils;
  minQuantity: number;
  startsAt: string | null;
  endsAt: string | null;
  firstOrderOnly: boolean;
  usesMax: number | null;
  usesPerShopper: number | null;
  combinable: boolean;
  /** Higher first; equal priorities in the order the promotions were made. */
  priority: number;
  paused: boolean;
}

/** A bag line as a promotion looks at it. */
export interface PromotionLine {
  key: string;
  productSlug: string;
  /** The SKU stock is counted under (the variant's, else the product's). */
  sku: string;
  brandSlug: string | null;
  categorySlug: string | null;
  unitPrice: Fils;
  quantity: number;
}

/** Whether a line is one the promotion is about. */
export function targets(promotion: Pick<Promotion, "target">, line: PromotionLine): boolean {
  const { kind, values } = promotion.target;
  if (kind === "order") return true;
  const value =
    kind === "product"
      ? line.productSlug
      : kind === "variant"
        ? line.sku
        : kind === "category"
          ? line.categorySlug
          : line.brandSlug;
  return value !== null && values.includes(value);
}

/** Codes are trimmed and case-insensitive: kept and compared in upper case. */
export function normaliseCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** How many times a promotion has been used, in all and by this shopper, as the quote is told. */
export interface PromotionUsage {
  used: number;
  /** The most of this shopper's keys (account, else mailbox and phone) have used it. */
  byShopper: number;
}

/** Why a promotion does not apply: each is a sentence for a code (shared/i18n/en.ts `promotions.refused`). */
export type Refusal =
  | { reason: "unknown" }
  | { reason: "expired" }
  | { reason: "not-started" }
  | { reason: "minimum"; missing: Fils }
  | { reason: "minimum-quantity"; missing: number }
  | { reason: "used-up" }
  | { reason: "used-by-you" }
  | { reason: "first-order" }
  | { reason: "not-combinable"; with: string }
  | { reason: "no-products" };
