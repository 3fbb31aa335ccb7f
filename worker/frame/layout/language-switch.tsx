import type { Locale } from "../../../shared/constants";

/** Each language by its own name: a shopper who cannot read this page's language still finds theirs. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", ar: "العربية" };

export interface LanguageSwitchProps {
  /** The language the link leads to. */
  locale: Locale;
  /** The same page (path and query) in that language. */
  href: string;
}

/**
 * The language switch (spec section 4): a plain link to this page in the other language, so it
 * works without JavaScript. Following it sets the locale cookie (middleware/locale.ts) and the
 * page it reaches loads its menus and contacts in its own language. `hreflang` tells the link
 * rewriter (document/localise-links.ts) to leave it as it is; `lang` has screen readers say the
 * name in its own language.
 */
export function LanguageSwitch({ locale, href }: LanguageSwitchProps) {
  return (
    <a href={href} hrefLang={locale} lang={locale} className="language-switch" data-language-switch="">
      {LANGUAGE_NAMES[locale]}
    </a>
  );
}
