import { aedToFils, type Fils } from "../money";
import type { Promotion, PromotionLine } from "./promotion";
import { targets } from "./promotion";
import { quote } from "./quote";
import { DEFAULT_SETTINGS } from "./shop-settings";

/**
 * Sale prices on the catalogue (docs/decisions/0120-sale-prices-on-the-catalogue.md): what a card, quick
 * view, the product page and a listing's price sort and filter show is what the bag charges for one unit
 * of the item, worked out by the one quote (shared/promotions/quote.ts), never by maths of its own.
 *
 * A promotion is a *sale* when it is the same for every shopper and every bag: automatic, a percentage or
 * a fixed amount off, on products (product, variant, category or brand), with no minimum subtotal or
 * quantity above one, not first-order-only, with no limit of uses (in all or per shopper). Its window
 * (start and end, instants) and its pause are judged by the quote's own eligibility at the clock given.
 */
export function isSale(promotion: Promotion): boolean {
  const { gives, target } = promotion;
  return (
    promotion.applies === "auto" &&
    (gives.kind === "percent" || gives.kind === "fixed") &&
    target.kind !== "order" &&
    promotion.minSubtotal <= 0 &&
    promotion.minQuantity <= 1 &&
    !promotion.firstOrderOnly &&
    promotion.usesMax === null &&
    promotion.usesPerShopper === null
  );
}

/** One item as a sale looks at it: a product in one variant (or none), at its CMS price in AED. */
export interface SaleItem {
  productSlug: string;
  /** The SKU stock is counted under (the variant's, else the product's): what a variant target names. */
  sku: string;
  brandSlug: string | null;
  categorySlug: string | null;
  /** The CMS's price in AED. */
  price: number;
}

export interface Sale {
  /** What one unit costs in the bag now. */
  price: Fils;
  /** The price before the sale (the CMS's). */
  was: Fils;
  /** Whole percent off, for the badge ("−20%"). */
  percentOff: number;
  /** The earliest end of the sales that make this price (UTC instant), or null when none ends. */
  endsAt: string | null;
}

function lineOf(item: SaleItem): PromotionLine {
  return { key: "sale", ...item, unitPrice: aedToFils(item.price), quantity: 1 };
}

/** The sale on one item now, or null: one unit of it quoted alone with the running sales. */
export function saleOf(sales: readonly Promotion[], item: SaleItem, now: Date): Sale | null {
  const line = lineOf(item);
  const mine = sales.filter((p) => isSale(p) && targets(p, line));
  if (mine.length === 0) return null;
  const q = quote({
    lines: [line],
    candidates: mine.map((promotion) => ({ promotion, code: null, usage: { used: 0, byShopper: 0 } })),
    settings: DEFAULT_SETTINGS,
    delivery: "pickup",
    region: null,
    payment: null,
    now,
    ordered: false,
    giftsInStock: new Set(),
  });
  const price = q.lines[0]!.net;
  if (price >= line.unitPrice) return null;
  const applied = new Set(q.discounts.filter((d) => d.amount > 0).map((d) => d.promotionId));
  const ends = mine
    .filter((p) => applied.has(p.id) && p.endsAt !== null)
    .map((p) => p.endsAt!)
    .sort((a, b) => Date.parse(a) - Date.parse(b));
  return {
    price,
    was: line.unitPrice,
    percentOff: Math.round(((line.unitPrice - price) * 100) / line.unitPrice),
    endsAt: ends[0] ?? null,
  };
}

/**
 * The next instant (ms) after `now` at which a sale on any of these items starts or ends: what a kept
 * page showing them must be made again by. Null when none will.
 */
export function nextSaleChange(sales: readonly Promotion[], items: readonly SaleItem[], now: Date): number | null {
  const at = now.getTime();
  let next: number | null = null;
  for (const promotion of sales) {
    if (!isSale(promotion)) continue;
    const times = [promotion.startsAt, promotion.endsAt]
      .filter((t): t is string => t !== null)
      .map(Date.parse)
      .filter((t) => t > at && (next === null || t < next));
    if (times.length === 0) continue;
    if (!items.some((item) => targets(promotion, lineOf(item)))) continue;
    next = Math.min(...times);
  }
  return next;
}
