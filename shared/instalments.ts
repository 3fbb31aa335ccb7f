/**
 * Paying in four instalments (Tabby, Tamara): which providers there are, the totals each takes, and
 * what one payment of four comes to. Shared: the checkout, the product page and the bag say the same
 * (docs/decisions/0119-instalments-tabby-and-tamara.md).
 */
import type { Fils } from "./money";

export const INSTALMENT_PROVIDERS = ["tabby", "tamara"] as const;
export type InstalmentProviderId = (typeof INSTALMENT_PROVIDERS)[number];

/** Both split a purchase into four monthly payments, the first at checkout. */
export const INSTALMENT_COUNT = 4;

/**
 * The totals (fils, VAT and delivery included) each provider takes from this shop: the defaults of a
 * new merchant's agreement, changed here when the agreement changes (decision 0119). Outside them the
 * provider refuses the session, so the shop neither offers nor advertises it.
 */
export const INSTALMENT_LIMITS: Record<InstalmentProviderId, { min: Fils; max: Fils }> = {
  tabby: { min: 50_00, max: 3_000_00 },
  tamara: { min: 100_00, max: 5_000_00 },
};

export function isInstalmentProvider(value: string): value is InstalmentProviderId {
  return (INSTALMENT_PROVIDERS as readonly string[]).includes(value);
}

export function withinInstalmentLimits(provider: InstalmentProviderId, total: Fils): boolean {
  const { min, max } = INSTALMENT_LIMITS[provider];
  return total >= min && total <= max;
}

/** The configured providers that take this total, in the order the checkout lists them. */
export function instalmentsFor(configured: readonly InstalmentProviderId[], total: Fils): InstalmentProviderId[] {
  return INSTALMENT_PROVIDERS.filter((id) => configured.includes(id) && withinInstalmentLimits(id, total));
}

/** One payment of four, rounded up to the fil (the last is the smaller when the total does not divide). */
export function instalmentAmount(total: Fils): Fils {
  return Math.ceil(total / INSTALMENT_COUNT);
}
