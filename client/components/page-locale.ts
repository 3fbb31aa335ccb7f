import { DEFAULT_LOCALE, type Locale } from "../../shared/constants";
import { isLocale, localizePath } from "../../shared/locale-path";

/**
 * The page's language as the browser sees it (`<html lang>`), English while the worker renders an
 * island: the worker writes the page's prefix into the HTML it sends (worker/frame/document/localise-links.ts),
 * so an island's server HTML and its first render in the browser agree.
 */
export function pageLocale(): Locale {
  const lang = typeof document === "undefined" ? DEFAULT_LOCALE : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}

/** A path of the shop in the page's language ("/catalog" on an Arabic page → "/ar/catalog"). */
export function pagePath(path: string): string {
  return localizePath(pageLocale(), path);
}
