import { type DeliveryMethod, VAT_RATE_PERCENT } from "../cart-rules";
import type { PaymentMethod } from "../forms/checkout";
import type { Fils } from "../money";
import { refusalOf } from "./eligibility";
import { type Promotion, type PromotionLine, type PromotionUsage, type Refusal, targets } from "./promotion";
import { DEFAULT_SETTINGS, deliveryFeeFor, type ShopSettings } from "./shop-settings";
import { includedVat, splitByWeight } from "./split";

/**
 * The one quote (docs/decisions/0108-promotions-one-quote-redeemed-in-the-order-batch.md): a bag's
 * lines, the discounts that apply and how each is split across the lines, delivery for the emirate,
 * the cash-on-delivery fee, the VAT included (per line, on what is paid) and the total. Pure: the bag,
 * checkout, placing the order, e-mails and the desk all read their money from it.
 *
 * Stacking: promotions are taken by priority (highest first, then the oldest). Each applies to what
 * the ones before it left. One that does not combine applies only when none applied before it, and
 * once it applies no other does.
 */
export interface Candidate {
  promotion: Promotion;
  /** The code the shopper typed for it; null for an automatic one. */
  code: string | null;
  usage: PromotionUsage;
}

export interface QuoteInput {
  lines: readonly PromotionLine[];
  candidates: readonly Candidate[];
  settings: ShopSettings;
  delivery: DeliveryMethod;
  /** The emirate delivered to; null while it is not known (the bag shows the estimate). */
  region: string | null;
  payment: PaymentMethod | null;
  now: Date;
  ordered: boolean;
  /** Gift SKUs that can be given now: counted with some on hand, or not counted. */
  giftsInStock: ReadonlySet<string>;
}

export interface QuotedLine extends PromotionLine {
  gross: Fils;
  /** This line's share of every discount on goods. */
  discount: Fils;
  net: Fils;
  /** The VAT included in `net`, for the tax invoice. */
  vat: Fils;
}

export interface AppliedDiscount {
  promotionId: number;
  name: string;
  code: string | null;
  kind: Promotion["gives"]["kind"];
  amount: Fils;
  /** It would have been more: held to its cap, or to what it applies to. */
  limitedTo: "cap" | "base" | null;
}

export interface Gift {
  promotionId: number;
  name: string;
  productSlug: string;
  variantSku: string;
  sku: string;
}

export interface Nudge {
  kind: "free-delivery" | "free-delivery-promotion" | "gift";
  name: string | null;
  missing: Fils;
}

export interface Quote {
  lines: QuotedLine[];
  discounts: AppliedDiscount[];
  gifts: Gift[];
  /** Codes that did not apply, with why. */
  refused: { code: string; promotionId: number; refusal: Refusal }[];
  /** Gifts whose stock ran out: their promotions' names. */
  giftsGone: string[];
  nudges: Nudge[];
  subtotal: Fils;
  /** Every discount together, delivery's included. */
  discount: Fils;
  /** The delivery fee before a free-delivery promotion. */
  delivery: Fils;
  codFee: Fils;
  vat: Fils;
  total: Fils;
  /** The bag may be paid in cash (not above the settings' largest cash order). */
  cashAllowed: boolean;
}

function byPriority(a: Candidate, b: Candidate): number {
  return b.promotion.priority - a.promotion.priority || a.promotion.id - b.promotion.id;
}

/** What one promotion takes off the lines as they are (`net`), line by line, and whether it was held back. */
function takeOff(
  promotion: Promotion,
  lines: readonly PromotionLine[],
  net: readonly Fils[],
): { parts: Fils[]; limitedTo: AppliedDiscount["limitedTo"] } {
  const mine = lines.map((line) => targets(promotion, line));
  const weights = net.map((n, i) => (mine[i] ? n : 0));
  const base = weights.reduce((sum, w) => sum + w, 0);
  const { gives } = promotion;
  if (gives.kind === "percent") {
    const full = Math.round((base * gives.percent) / 100);
    const capped = gives.cap !== null && full > gives.cap;
    return { parts: splitByWeight(capped ? gives.cap! : full, weights), limitedTo: capped ? "cap" : null };
  }
  if (gives.kind === "fixed" && promotion.target.kind !== "order") {
    // On products, the amount comes off each unit (decision 0123), so a card's price is the bag's at any quantity.
    const parts = lines.map((line, i) => (mine[i] ? Math.min(net[i]!, gives.amount * line.quantity) : 0));
    const over = lines.some((line, i) => mine[i] && gives.amount * line.quantity > net[i]!);
    return { parts, limitedTo: over ? "base" : null };
  }
  if (gives.kind === "fixed") {
    const over = gives.amount > base;
    return { parts: splitByWeight(over ? base : gives.amount, weights), limitedTo: over ? "base" : null };
  }
  if (gives.kind === "buy_get") {
    // Every `buy + get` units of the products it is about, the cheapest `get` of them are free.
    const units = lines.flatMap((line, i) => (mine[i] ? Array.from({ length: line.quantity }, () => i) : []));
    const free = Math.floor(units.length / (gives.buy + gives.get)) * gives.get;
    const cheapest = units.sort((a, b) => lines[a]!.unitPrice - lines[b]!.unitPrice || a - b).slice(0, free);
    const parts = lines.map(() => 0);
    for (const i of cheapest) parts[i] = Math.min(net[i]!, parts[i]! + lines[i]!.unitPrice);
    return { parts, limitedTo: null };
  }
  return { parts: lines.map(() => 0), limitedTo: null };
}

export function quote(input: QuoteInput): Quote {
  const { lines, settings } = input;
  const gross = lines.map((line) => line.unitPrice * line.quantity);
  const subtotal = gross.reduce((sum, g) => sum + g, 0);
  const net = [...gross];
  const discounts: AppliedDiscount[] = [];
  const applied: Promotion[] = [];
  const gifts: Gift[] = [];
  const refused: Quote["refused"] = [];
  const giftsGone: string[] = [];
  const nudges: Nudge[] = [];
  let freeDelivery: AppliedDiscount | null = null;

  for (const candidate of [...input.candidates].sort(byPriority)) {
    const { promotion, code } = candidate;
    const refuse = (refusal: Refusal) => {
      if (code !== null) refused.push({ code, promotionId: promotion.id, refusal });
    };
    const refusal = refusalOf(promotion, {
      lines,
      subtotal,
      now: input.now,
      usage: candidate.usage,
      ordered: input.ordered,
    });
    if (refusal) {
      refuse(refusal);
      const kind = promotion.gives.kind;
      if (refusal.reason === "minimum" && code === null && (kind === "gift" || kind === "free_delivery"))
        nudges.push({
          kind: kind === "gift" ? "gift" : "free-delivery-promotion",
          name: promotion.name,
          missing: refusal.missing,
        });
      continue;
    }
    const blocker = applied.find((p) => !p.combinable) ?? (!promotion.combinable ? applied[0] : undefined);
    if (blocker) {
      refuse({ reason: "not-combinable", with: blocker.name });
      continue;
    }
    const { gives } = promotion;
    const discount: AppliedDiscount = {
      promotionId: promotion.id,
      name: promotion.name,
      code,
      kind: gives.kind,
      amount: 0,
      limitedTo: null,
    };
    if (gives.kind === "gift") {
      if (!input.giftsInStock.has(gives.sku)) {
        giftsGone.push(promotion.name);
        continue;
      }
      gifts.push({ promotionId: promotion.id, name: promotion.name, ...gives });
    } else if (gives.kind === "free_delivery") {
      freeDelivery = discount;
    } else {
      const { parts, limitedTo } = takeOff(promotion, lines, net);
      discount.amount = parts.reduce((sum, p) => sum + p, 0);
      discount.limitedTo = limitedTo;
      parts.forEach((part, i) => {
        net[i] = net[i]! - part;
      });
    }
    applied.push(promotion);
    discounts.push(discount);
  }

  const goods = net.reduce((sum, n) => sum + n, 0);
  const shipped = input.delivery === "transport" && lines.length > 0;
  const freeByAmount = settings.freeDeliveryFrom !== null && goods >= settings.freeDeliveryFrom;
  const delivery = shipped && !freeByAmount ? deliveryFeeFor(settings, input.region) : 0;
  if (freeDelivery) freeDelivery.amount = delivery;
  const deliveryPaid = delivery - (freeDelivery?.amount ?? 0);
  if (shipped && deliveryPaid > 0 && settings.freeDeliveryFrom !== null)
    nudges.unshift({ kind: "free-delivery", name: null, missing: settings.freeDeliveryFrom - goods });
  const codFee = input.payment === "cash" && lines.length > 0 ? settings.cashFee : 0;
  const total = goods + deliveryPaid + codFee;
  const quoted = lines.map((line, i) => ({
    ...line,
    gross: gross[i]!,
    discount: gross[i]! - net[i]!,
    net: net[i]!,
    vat: includedVat(net[i]!, VAT_RATE_PERCENT),
  }));
  const vat =
    quoted.reduce((sum, line) => sum + line.vat, 0) +
    includedVat(deliveryPaid, VAT_RATE_PERCENT) +
    includedVat(codFee, VAT_RATE_PERCENT);
  return {
    lines: quoted,
    discounts,
    gifts,
    refused,
    giftsGone,
    nudges,
    subtotal,
    discount: discounts.reduce((sum, d) => sum + d.amount, 0),
    delivery,
    codFee,
    vat,
    total,
    cashAllowed: settings.cashMax === null || total <= settings.cashMax,
  };
}

/** A bag's totals with no promotion and the default settings (tests and fixtures that write orders directly). */
export function plainTotals(lines: readonly { unitPrice: Fils; quantity: number }[], delivery: DeliveryMethod) {
  const {
    subtotal,
    discount,
    delivery: fee,
    codFee,
    vat,
    total,
  } = quote({
    lines: lines.map((line, i) => ({
      key: String(i),
      productSlug: "",
      sku: "",
      brandSlug: null,
      categorySlug: null,
      ...line,
    })),
    candidates: [],
    settings: DEFAULT_SETTINGS,
    delivery,
    region: null,
    payment: null,
    now: new Date(0),
    ordered: false,
    giftsInStock: new Set(),
  });
  return { subtotal, discount, delivery: fee, codFee, vat, total };
}
