import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { localizePath } from "../../../shared/locale-path";

/** Rewrites one attribute to the locale's path; an element that names its language (`hreflang`) links across on purpose. */
function localise(locale: Locale, attribute: string): HTMLRewriterElementContentHandlers {
  return {
    element(el) {
      if (el.hasAttribute("hreflang")) return;
      const value = el.getAttribute(attribute);
      if (value === null) return;
      const localised = localizePath(locale, value);
      if (localised !== value) el.setAttribute(attribute, localised);
    },
  };
}

/**
 * A page's links and form actions in its own language: on an Arabic page `/catalog/skincare` is
 * written `/ar/catalog/skincare`, whether a component, a menu from the CMS or a post's rich text
 * wrote it (shared/locale-path.ts says which paths have a language). Screens and components write
 * paths without a prefix, as the router reads them; this one pass, over the rendered page, adds it.
 * A kept page is rewritten once, when it is rendered (its shell is keyed by locale). The language
 * switch and the hreflang alternates name their language and are left alone.
 */
export function localiseLinks(html: string | ReadableStream, locale: Locale): string | ReadableStream {
  if (locale === DEFAULT_LOCALE) return html;
  const rewritten = new HTMLRewriter()
    .on("a[href]", localise(locale, "href"))
    .on("form[action]", localise(locale, "action"))
    .transform(new Response(html)).body;
  // A Response made from a body always has one.
  return rewritten ?? html;
}
