import { DEFAULT_LOCALE } from "../../../shared/constants";

/**
 * The locale the CMS is asked for content in. TEMPORARY (issue 23, item 4): the embedded CMS has no
 * Arabic content yet and answers `locale: "ar"` with nothing, so until it answers "ar" with its
 * per-entry English fallback (another branch), Arabic pages ask for English content here, the
 * one place that does. This file goes when the CMS answers "ar": callers then send their locale
 * as it is. Pages, KV layout keys and page shells stay keyed by the path's locale meanwhile.
 */
export function contentLocale(_locale: string): string {
  return DEFAULT_LOCALE;
}

/** A query's variables with their `locale` (if any) as the CMS is asked for it. */
export function withContentLocale<V>(variables: V): V {
  if (typeof variables !== "object" || variables === null || !("locale" in variables)) return variables;
  const { locale } = variables as { locale: unknown };
  if (typeof locale !== "string" || locale === "all") return variables;
  return { ...variables, locale: contentLocale(locale) };
}
