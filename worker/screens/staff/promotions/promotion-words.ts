import { formatAed } from "../../../../shared/money";
import type { Promotion } from "../../../../shared/promotions/promotion";
import { utcToDubai } from "./promotion-draft";

/** The desk's English for a promotion: what it gives, on what, when, and how it stacks (docs/promotions.md). */
export function givesWords(p: Promotion): string {
  const g = p.gives;
  switch (g.kind) {
    case "percent":
      return `${g.percent}% off${g.cap !== null ? `, at most ${formatAed(g.cap)}` : ""}`;
    case "fixed":
      // On products the amount comes off each unit; on the order, once (shared/promotions/quote.ts, decision 0123).
      if (!p.target) return `${formatAed(g.amount)} off`;
      return `${formatAed(g.amount)} off ${p.target.kind === "order" ? "the order, once" : "each unit it is on"}`;
    case "free_delivery":
      return "Free delivery";
    case "gift":
      return `A gift: ${g.productSlug}${g.variantSku ? ` (${g.variantSku})` : ""}, SKU ${g.sku}, while its stock lasts`;
    case "buy_get":
      return `Buy ${g.buy}, get ${g.get} free (${g.buy + g.get} for ${g.buy})`;
  }
}

export function targetWords(p: Promotion): string {
  return p.target.kind === "order" ? "The whole order" : `${p.target.kind}: ${p.target.values.join(", ")}`;
}

export function whenWords(p: Promotion): string {
  const parts = [
    p.startsAt ? `from ${utcToDubai(p.startsAt).replace("T", " ")}` : "",
    p.endsAt ? `until ${utcToDubai(p.endsAt).replace("T", " ")}` : "",
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(" ")} (Dubai time)` : "Always";
}

export function conditionWords(p: Promotion): string {
  const parts = [
    p.minSubtotal > 0 ? `a subtotal of ${formatAed(p.minSubtotal)} or more` : "",
    p.minQuantity > 0 ? `${p.minQuantity} or more items it applies to` : "",
    p.firstOrderOnly ? "a first order" : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : "None";
}

export function limitWords(p: Promotion): string {
  return [
    p.usesMax !== null ? `${p.usesMax} uses in all` : "no limit in all",
    p.usesPerShopper !== null
      ? `${p.usesPerShopper} per shopper (account, else e-mail and phone)`
      : "no limit per shopper",
  ].join("; ");
}

/** The stacking rule for this promotion, written out beside it. */
export function stackingWords(p: Promotion): string {
  return p.combinable
    ? `Priority ${p.priority}: applied after every promotion of higher priority, on what they left, and combined with the others.`
    : `Priority ${p.priority}, not combinable: applied only when no promotion of higher priority applied first, and then no other applies.`;
}
