import { DEFAULT_LOCALE, LOCALES, type Locale } from "./constants";

/**
 * The spec's "prefix except default" routing (section 2): English, the default, has no prefix;
 * every other locale's pages live under `/<locale>` with the same paths otherwise (`/ar`,
 * `/ar/catalog/skincare`). The worker routes on the path without its prefix (worker/index.ts)
 * and adds the prefix back to the links and redirects it answers with; links the browser makes
 * itself use the same functions. Isomorphic: no route table here, so the browser's bundle stays small.
 */

/** Locales written right to left. */
const RIGHT_TO_LEFT: readonly Locale[] = ["ar"];

export function isLocale(value: string | null | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}

export function localeDirection(locale: Locale): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.includes(locale) ? "rtl" : "ltr";
}

/** The other locale of the two: the language switch's target. */
export function otherLocale(locale: Locale): Locale {
  return LOCALES.find((l) => l !== locale) ?? DEFAULT_LOCALE;
}

/**
 * A pathname's locale and the path without its prefix: "/ar" → ar, "/"; "/ar/catalog" → ar,
 * "/catalog"; "/catalog" and "/arabic" → en, unchanged. The default locale's own prefix ("/en")
 * is no prefix: it stays part of the path (and finds no page).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = `/${locale}`;
    if (pathname === prefix) return { locale, path: "/" };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/** First segments of paths that are the same in every language: services, files, the CMS, the staff desk. */
const UNLOCALISED_AREAS = ["api", "graphql", "uploads", "assets", "builds", "staff", "sitemaps", "__page-shell"];

/** A file's name: an extension of two to five letters or digits (`robots.txt`, `og-image.png`; not a slug's `2.0`). */
const FILE_NAME = /\.[a-z0-9]{2,5}$/i;

/**
 * Whether a path (no prefix, query allowed) is one of the shopper's pages or forms, which exist
 * in every language: not a service (the CMS's API, webhooks, the build manifest), a file
 * (`/robots.txt`, `/sitemap.xml`, `/og-image.png`: a file's extension on the last segment) or the staff desk
 * (English only).
 */
export function isLocalisedPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return false;
  const segments = pathname.split("/");
  if (UNLOCALISED_AREAS.includes(segments[1] ?? "")) return false;
  return !FILE_NAME.test(segments.at(-1) ?? "");
}

/**
 * A local path (query and hash kept) as it is written in `locale`: "/catalog?page=2" → "/ar/catalog?page=2",
 * "/" → "/ar". Paths already under a prefix, services and files, and anything not a local path
 * (`https://…`, `//host`, `tel:`, `#top`) are returned as they are.
 */
export function localizePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !isLocalisedPath(path)) return path;
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  if (splitLocalePath(pathname).locale !== DEFAULT_LOCALE) return path;
  const rest = path.slice(pathname.length);
  return pathname === "/" ? `/${locale}${rest}` : `/${locale}${path}`;
}
