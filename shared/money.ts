import { CURRENCY } from "./constants";
import { INTL_LOCALE, kept } from "./i18n/format";
import type { TextLocale } from "./i18n/locales";

/** Money is kept in fils (1 AED = 100 fils) so sums are exact. */
export type Fils = number;

export function aedToFils(aed: number): Fils {
  return Math.round(aed * 100);
}

const formatters = new Map<TextLocale, Intl.NumberFormat>();

/**
 * "AED 129.00" in English, "129.00 د.إ." in Arabic (Intl's own, for the locale): the way every
 * price in the shop is written. No-break spaces become plain ones, as English always had them.
 */
export function formatPrice(locale: TextLocale, fils: Fils): string {
  const format = kept(
    formatters,
    locale,
    () =>
      new Intl.NumberFormat(INTL_LOCALE[locale], {
        style: "currency",
        currency: CURRENCY,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }),
  );
  return format.format(fils / 100).replace(/\u00a0/g, " ");
}

/** "AED 129.00": a price in English, as e-mails, the staff desk and English pages write it. */
export function formatAed(fils: Fils): string {
  return formatPrice("en", fils);
}
