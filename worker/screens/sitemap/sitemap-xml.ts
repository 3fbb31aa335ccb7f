import { LOCALES } from "../../../shared/constants";
import { localizePath } from "../../../shared/locale-path";
import { localeAlternates } from "../../frame/head/locale-alternates";
import type { SitemapEntry } from "./sitemap-source";

/** Pages per sitemap file, each listed once per language: far under the protocol's 50,000 URLs, so one file stays small to build and fetch. */
export const SITEMAP_PAGE_SIZE = 1000;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[ch]};`);
}

/** W3C datetime as the protocol wants it; anything unparseable is left out. */
function lastmod(value: string | undefined): string {
  if (!value) return "";
  const time = Date.parse(value);
  return Number.isNaN(time) ? "" : `<lastmod>${new Date(time).toISOString()}</lastmod>`;
}

export function latest(entries: readonly SitemapEntry[]): string | undefined {
  let newest: number | undefined;
  for (const entry of entries) {
    const time = entry.lastmod ? Date.parse(entry.lastmod) : Number.NaN;
    if (!Number.isNaN(time) && (newest === undefined || time > newest)) newest = time;
  }
  return newest === undefined ? undefined : new Date(newest).toISOString();
}

/**
 * Each page once per language, each with its alternates in every language and `x-default`
 * (Google's hreflang in sitemaps: every URL lists all of them, itself included).
 */
export function urlSetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.flatMap((entry) => {
    const alternates = localeAlternates(origin, entry.path)
      .map(({ hreflang, href }) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
      .join("");
    return LOCALES.map(
      (locale) =>
        `<url><loc>${escapeXml(new URL(localizePath(locale, entry.path), `${origin}/`).toString())}</loc>${lastmod(entry.lastmod)}${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

export function sitemapIndexXml(files: readonly { url: string; lastmod?: string }[]): string {
  const items = files.map((file) => `<sitemap><loc>${escapeXml(file.url)}</loc>${lastmod(file.lastmod)}</sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}
