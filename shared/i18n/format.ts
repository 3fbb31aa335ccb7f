import type { TextLocale } from "./locales";
import type { Params, PluralCategory, PluralForms } from "./messages-type";

/** The Intl locale a text locale formats with: the UAE's conventions (Latin digits in ar-AE). */
export const INTL_LOCALE: Record<TextLocale, string> = { en: "en-AE", ar: "ar-AE" };

/**
 * Formatters are built once per isolate and locale (they hold no request data) and kept:
 * building an Intl formatter costs far more than using one.
 */
const numbers = new Map<TextLocale, Intl.NumberFormat>();
const plurals = new Map<TextLocale, Intl.PluralRules>();
const dates = new Map<string, Intl.DateTimeFormat>();

export function kept<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** "1,234" in either locale (ar-AE writes Latin digits, as shops in the UAE do). */
export function formatNumber(locale: TextLocale, value: number): string {
  return kept(numbers, locale, () => new Intl.NumberFormat(INTL_LOCALE[locale])).format(value);
}

export type DateStyle = "day" | "dayTime";

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  day: { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Dubai" },
  dayTime: {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Asia/Dubai",
  },
};

/** English dates as the shop has always written them ("3 October 2026", en-GB); Arabic per ar-AE. */
const DATE_LOCALE: Record<TextLocale, string> = { en: "en-GB", ar: "ar-AE" };

/** A date in the shop's time zone (Gulf Standard Time). */
export function formatDate(locale: TextLocale, date: Date, style: DateStyle = "day"): string {
  return kept(
    dates,
    `${locale}/${style}`,
    () => new Intl.DateTimeFormat(DATE_LOCALE[locale], DATE_OPTIONS[style]),
  ).format(date);
}

/** Puts each `{name}` of a text in place; numbers are written with the locale's digits. */
export function fill<S extends string>(locale: TextLocale, template: S, params: Params<S>): string {
  const values = params as Record<string, string | number>;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === "number" ? formatNumber(locale, value) : value;
  });
}

/** The form of a plural the locale's rules choose for `count` (`Intl.PluralRules`), `{count}` filled. */
export function plural<F extends PluralForms>(
  locale: TextLocale,
  forms: F,
  count: number,
  ...params: keyof Params<F> extends never ? [] : [Params<F>]
): string {
  const category = kept(plurals, locale, () => new Intl.PluralRules(INTL_LOCALE[locale])).select(
    count,
  ) as PluralCategory;
  const form = forms[category] ?? forms.other;
  return fill(locale, form, { ...(params[0] ?? {}), count } as Params<string>);
}
