import { en } from "../../../../shared/i18n/en";
import type { PromotionGives, TargetKind } from "../../../../shared/promotions/promotion";
import { normaliseCode } from "../../../../shared/promotions/promotion";
import { PROMOTION_NAME_MAX } from "../../../../shared/promotions/promotion-name";
import type { NewPromotion } from "../../../platform/promotions/promotion-desk-store";

/**
 * The desk's promotion form read into a promotion, or a sentence per field (docs/promotions.md).
 * Money is typed in AED; times in Asia/Dubai (UTC+4, no daylight saving), kept as UTC.
 */
export type DraftErrors = Partial<Record<string, string>>;

const KINDS = ["percent", "fixed", "free_delivery", "gift", "buy_get"] as const;
const TARGETS: readonly TargetKind[] = ["order", "product", "variant", "category", "brand"];

/** "2026-12-01T10:00" (or with seconds) in Dubai → "2026-12-01T06:00:00.000Z"; "" → null; anything else → undefined. */
export function dubaiToUtc(value: string): string | null | undefined {
  if (value.trim() === "") return null;
  // A phone's date picker (type="datetime-local") may send the seconds too.
  const typed = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(value.trim());
  if (!typed) return undefined;
  const at = Date.parse(`${typed[1]}${typed[2] ?? ":00"}+04:00`);
  return Number.isNaN(at) ? undefined : new Date(at).toISOString();
}

/** A UTC instant as the desk's datetime field shows it, in Dubai. */
export function utcToDubai(iso: string | null): string {
  if (!iso) return "";
  return new Date(Date.parse(iso) + 4 * 3600_000).toISOString().slice(0, 16);
}

function aed(raw: string | undefined): number | null | undefined {
  const value = (raw ?? "").trim();
  if (value === "") return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value)) return undefined;
  return Math.round(Number(value) * 100);
}

function whole(raw: string | undefined, min: number): number | null | undefined {
  const value = (raw ?? "").trim();
  if (value === "") return null;
  if (!/^-?\d{1,7}$/.test(value) || Number(value) < min) return undefined;
  return Number(value);
}

export function readDraft(
  form: Record<string, string>,
): { ok: true; promotion: NewPromotion; code: string | null } | { ok: false; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const name = (form.name ?? "").trim();
  if (!name || name.length > PROMOTION_NAME_MAX)
    errors.name = `Give the promotion a name shoppers will read (up to ${PROMOTION_NAME_MAX} characters).`;
  // Optional: Arabic pages show the English name without it (decision 0129).
  const nameAr = (form.nameAr ?? "").trim();
  if (nameAr.length > PROMOTION_NAME_MAX)
    errors.nameAr = en.promotions.deskNameAr.tooLong.replace("{max}", String(PROMOTION_NAME_MAX));
  const applies = form.applies === "code" ? "code" : "auto";
  const code = normaliseCode(form.code ?? "");
  if (applies === "code" && code !== "" && !/^[A-Z0-9-]{3,40}$/.test(code))
    errors.code = "A code is 3 to 40 letters, digits or dashes.";
  const kind = (KINDS as readonly string[]).includes(form.kind ?? "") ? (form.kind as (typeof KINDS)[number]) : null;
  let gives: PromotionGives | null = null;
  if (kind === "percent") {
    const percent = whole(form.percent, 1);
    const cap = aed(form.cap);
    if (!percent || percent > 100) errors.percent = "Enter a whole percentage from 1 to 100.";
    if (cap === undefined) errors.cap = "Enter the cap in AED, like 50 or 49.90, or leave it empty.";
    if (percent && percent <= 100 && cap !== undefined) gives = { kind, percent, cap };
  } else if (kind === "fixed") {
    const amount = aed(form.amount);
    if (!amount) errors.amount = "Enter the amount off in AED, like 20 or 19.90.";
    else gives = { kind, amount };
  } else if (kind === "free_delivery") {
    gives = { kind };
  } else if (kind === "gift") {
    const productSlug = (form.giftSlug ?? "").trim().toLowerCase();
    const variantSku = (form.giftVariant ?? "").trim();
    const sku = (form.giftSku ?? "").trim() || variantSku;
    if (!/^[a-z0-9-]{1,120}$/.test(productSlug) || !sku)
      errors.gift =
        "Name the gift by its product's slug and its stock SKU (and the variant's SKU for a shade or size).";
    else gives = { kind, productSlug, variantSku, sku };
  } else if (kind === "buy_get") {
    const buy = whole(form.buy, 1);
    const get = whole(form.get, 1);
    if (!buy || !get) errors.buyGet = "Enter how many to buy and how many are free, like 2 and 1 for “3 for 2”.";
    else gives = { kind, buy, get };
  } else errors.kind = "Choose what the promotion gives.";
  const targetKind = TARGETS.includes(form.targetKind as TargetKind) ? (form.targetKind as TargetKind) : "order";
  // Slugs are lower case (a phone's keyboard may capitalise the first letter typed); SKUs are as typed.
  const values = (form.targetValues ?? "")
    .split(/[,\n]/)
    .map((v) => (targetKind === "variant" ? v.trim() : v.trim().toLowerCase()))
    .filter(Boolean);
  if (targetKind !== "order" && values.length === 0)
    errors.targetValues = "List the products, SKUs, categories or brands (their slugs), separated by commas.";
  const minSubtotal = aed(form.minSubtotal);
  if (minSubtotal === undefined) errors.minSubtotal = "Enter the minimum in AED, or leave it empty.";
  const minQuantity = whole(form.minQuantity, 0);
  if (minQuantity === undefined) errors.minQuantity = "Enter a whole number of items, or leave it empty.";
  const startsAt = dubaiToUtc(form.startsAt ?? "");
  const endsAt = dubaiToUtc(form.endsAt ?? "");
  if (startsAt === undefined) errors.startsAt = "Enter the start as a date and time, or leave it empty.";
  if (endsAt === undefined) errors.endsAt = "Enter the end as a date and time, or leave it empty.";
  if (startsAt && endsAt && endsAt <= startsAt) errors.endsAt = "The end must come after the start.";
  const usesMax = whole(form.usesMax, 1);
  if (usesMax === undefined) errors.usesMax = "Enter how many times it can be used in all, or leave it empty.";
  const usesPerShopper = whole(form.usesPerShopper, 1);
  if (usesPerShopper === undefined)
    errors.usesPerShopper = "Enter how many times one shopper can use it, or leave it empty.";
  const priority = whole(form.priority, -1000) ?? 0;
  if (priority === undefined) errors.priority = "Enter the priority as a whole number (higher applies first).";
  if (Object.keys(errors).length > 0 || !gives) return { ok: false, errors };
  return {
    ok: true,
    code: applies === "code" && code ? code : null,
    promotion: {
      name,
      nameAr,
      applies,
      gives,
      target: { kind: targetKind, values: targetKind === "order" ? [] : values },
      minSubtotal: minSubtotal ?? 0,
      minQuantity: minQuantity ?? 0,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
      firstOrderOnly: form.firstOrderOnly === "yes",
      usesMax: usesMax ?? null,
      usesPerShopper: usesPerShopper ?? null,
      combinable: form.combinable === "yes",
      priority: priority as number,
    },
  };
}

const typedAed = (fils: number | null) => (fils === null ? "" : (fils / 100).toFixed(2));
const typedWhole = (n: number | null) => (n === null || n === 0 ? "" : String(n));

/** A promotion as its form shows it, so the change form starts from what is saved (readDraft's inverse). */
export function draftValues(p: NewPromotion): Record<string, string> {
  const g = p.gives;
  return {
    name: p.name,
    nameAr: p.nameAr ?? "",
    applies: p.applies,
    kind: g.kind,
    ...(g.kind === "percent" ? { percent: String(g.percent), cap: typedAed(g.cap) } : {}),
    ...(g.kind === "fixed" ? { amount: typedAed(g.amount) } : {}),
    ...(g.kind === "gift" ? { giftSlug: g.productSlug, giftVariant: g.variantSku, giftSku: g.sku } : {}),
    ...(g.kind === "buy_get" ? { buy: String(g.buy), get: String(g.get) } : {}),
    targetKind: p.target.kind,
    targetValues: p.target.values.join(", "),
    minSubtotal: p.minSubtotal ? typedAed(p.minSubtotal) : "",
    minQuantity: typedWhole(p.minQuantity),
    startsAt: utcToDubai(p.startsAt),
    endsAt: utcToDubai(p.endsAt),
    usesMax: typedWhole(p.usesMax),
    usesPerShopper: typedWhole(p.usesPerShopper),
    priority: String(p.priority),
    combinable: p.combinable ? "yes" : "",
    firstOrderOnly: p.firstOrderOnly ? "yes" : "",
  };
}
