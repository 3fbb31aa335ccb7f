/**
 * The locales the text catalogue is written in. Routing serves `LOCALES`
 * (shared/constants.ts); every one of them is a text locale, and a text locale
 * can be rendered (tests do) before routing serves it.
 */
export const TEXT_LOCALES = ["en", "ar"] as const;
export type TextLocale = (typeof TEXT_LOCALES)[number];
