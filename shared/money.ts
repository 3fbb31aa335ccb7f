import { CURRENCY } from "./constants";

/** Money is kept in fils (1 AED = 100 fils) so sums are exact. */
export type Fils = number;

export function aedToFils(aed: number): Fils {
  return Math.round(aed * 100);
}

const formatter = new Intl.NumberFormat("en-AE", {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "AED 129.00" — the way every price in the shop is written. */
export function formatAed(fils: Fils): string {
  return formatter.format(fils / 100).replace(/\u00a0/g, " ");
}
