import type { TextLocale } from "./locales";

/**
 * The language of a text shown on a page in another one, as `lang` and `dir` attributes to put on
 * the element holding it, so it reads as written: an English product name, a fallback description
 * or "6 ml" on an Arabic page is laid out left to right ("6 ml", not "ml 6"; "climate.", not
 * ".climate"), and read by a screen reader in English. Undefined when the text is in the page's
 * language, or has no letters to say (a number). Known first from the CMS: an entry that fell back
 * to the default locale says so (its `locale`); else from the text's letters, as a real Strapi's
 * localization may hold English words (its seed copies the English where there is no Arabic) and
 * one field may be left untranslated.
 */
export interface TextLanguage {
  lang: TextLocale;
  dir: "ltr" | "rtl";
}

const ARABIC_LETTER = /[\u0621-\u064A\u0671-\u06D3\u06FA-\u06FF]/;
const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;

const EN: TextLanguage = { lang: "en", dir: "ltr" };
const AR: TextLanguage = { lang: "ar", dir: "rtl" };

export function otherLanguage(
  page: TextLocale,
  text: string | null | undefined,
  entryLocale?: string | null,
): TextLanguage | undefined {
  if (!text) return undefined;
  const arabic = ARABIC_LETTER.test(text);
  const latin = LATIN_LETTER.test(text);
  if (page === "ar") {
    if (entryLocale === "en" && latin) return EN;
    return latin && !arabic ? EN : undefined;
  }
  if (entryLocale === "ar" && arabic) return AR;
  return arabic && !latin ? AR : undefined;
}
