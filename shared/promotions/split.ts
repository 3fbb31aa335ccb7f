import type { Fils } from "../money";

/**
 * Splits `amount` fils across shares in proportion to their weights, each part a whole fils, the
 * parts summing to `amount` exactly (largest remainder: the fils left after rounding down go to the
 * largest fractions, earlier shares first on a tie). No part is above its weight when `amount` is
 * not above their sum, so a line's discount never passes what the line costs.
 */
export function splitByWeight(amount: Fils, weights: readonly Fils[]): Fils[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** The VAT included in an amount that includes it, to the nearest fils. */
export function includedVat(amount: Fils, ratePercent: number): Fils {
  return Math.round((amount * ratePercent) / (100 + ratePercent));
}
