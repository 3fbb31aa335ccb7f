import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../../shared/constants";
import { localizePath } from "../../../shared/locale-path";
import { absoluteUrl } from "./site-origin";

/** OpenGraph's locale tag for each language: the shop is in the UAE. */
const OG_LOCALES: Record<Locale, string> = { en: "en_AE", ar: "ar_AE" };

export function ogLocale(locale: Locale): string {
  return OG_LOCALES[locale];
}

/**
 * A page's URL in each language, and `x-default` (English, the default, with no prefix) for
 * browsers in any other: the `hreflang` alternates of its head and of the sitemap. `path` is
 * without a prefix or query ("/catalog/skincare").
 */
export function localeAlternates(origin: string, path: string): { hreflang: string; href: string }[] {
  const each = LOCALES.map((locale) => ({ hreflang: locale, href: absoluteUrl(origin, localizePath(locale, path)) }));
  return [...each, { hreflang: "x-default", href: absoluteUrl(origin, localizePath(DEFAULT_LOCALE, path)) }];
}
