import { type Catalogue, messagesFor } from "./catalogue";
import { type DateStyle, fill, formatDate, formatNumber, plural } from "./format";
import type { TextLocale } from "./locales";
import type { IslandTexts, Params, PluralForms } from "./messages-type";

/**
 * One locale's texts and formats, as the worker's screens and frame use them:
 * `t.m.layout.contactUs`, `t.fill(t.m.ui.postingAs, { name })`, `t.plural(t.m.ui.reviewCount, n)`,
 * `formatPrice(t.locale, fils)` (shared/money.ts). Server code only (it holds every catalogue); islands get `islandTexts`.
 */
export interface Translator {
  locale: TextLocale;
  m: Catalogue;
  fill<S extends string>(template: S, params: Params<S>): string;
  plural<F extends PluralForms>(
    forms: F,
    count: number,
    ...params: keyof Params<F> extends never ? [] : [Params<F>]
  ): string;
  number(value: number): string;
  date(date: Date, style?: DateStyle): string;
}

const translators = new Map<TextLocale, Translator>();

/** The translator for a locale (kept per isolate: it holds no request data). */
export function translator(locale: TextLocale): Translator {
  let t = translators.get(locale);
  if (!t) {
    t = {
      locale,
      m: messagesFor(locale),
      fill: (template, params) => fill(locale, template, params),
      plural: (forms, count, ...params) => plural(locale, forms, count, ...params),
      number: (value) => formatNumber(locale, value),
      date: (date, style) => formatDate(locale, date, style),
    };
    translators.set(locale, t);
  }
  return t;
}

/** The props that make an island speak the page's language (IslandTexts). */
export function islandTexts<K extends keyof Catalogue>(t: Translator, section: K): IslandTexts<K> {
  return { locale: t.locale, section, texts: t.m[section] };
}
