/**
 * The locales the embedded CMS holds content in, as Strapi's i18n plugin has its installed
 * locales: the CMS's own list, not the shop's (shared/constants LOCALES says which the shop
 * routes). The default locale's rows are every entry's base; another locale's content is a
 * translation over it (translations.ts).
 */
export const CMS_LOCALES = ["en", "ar"] as const;
export type CmsLocale = (typeof CMS_LOCALES)[number];
export const CMS_DEFAULT_LOCALE: CmsLocale = "en";

export function isCmsLocale(value: unknown): value is CmsLocale {
  return typeof value === "string" && (CMS_LOCALES as readonly string[]).includes(value);
}
