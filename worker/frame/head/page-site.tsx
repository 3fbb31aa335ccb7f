import type { Context } from "hono";
import { createContext, type ReactNode, useContext } from "react";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { localizePath } from "../../../shared/locale-path";
import type { AppEnv } from "../../platform/app-env";
import type { Url } from "./schema-types";
import { siteOrigin } from "./site-origin";

/**
 * The shop's origin and the page's language, which every URL a page's structured data names is
 * built from: a page under `/ar` names its own pages under `/ar` (decision 0105). Paths come from
 * the route table's builders (shared/links.ts) without a prefix, as everywhere else in a screen.
 */
export interface PageSite {
  origin: string;
  locale: Locale;
}

export function pageSiteOf(c: Context<AppEnv>): PageSite {
  return { origin: siteOrigin(c), locale: c.get("locale") ?? DEFAULT_LOCALE };
}

/** A shop path (no prefix) as an absolute URL in the page's language: `/catalog` → `https://…/ar/catalog`. */
export function pageUrl(site: PageSite, path: string): Url {
  return new URL(localizePath(site.locale, path), `${site.origin}/`).toString() as Url;
}

/** A file's URL (a picture, an upload: the same in every language), absolute; an absolute URL stays as it is. */
export function fileUrl(site: PageSite, pathOrUrl: string): Url {
  return new URL(pathOrUrl, `${site.origin}/`).toString() as Url;
}

const PageSiteContext = createContext<PageSite | null>(null);

/** Provided by renderPage, so a component (the breadcrumbs) writes its own structured data. */
export function PageSiteProvider({ site, children }: { site: PageSite; children: ReactNode }) {
  return <PageSiteContext.Provider value={site}>{children}</PageSiteContext.Provider>;
}

/** The page's site, or null outside a page (a fragment rendered alone). */
export function usePageSite(): PageSite | null {
  return useContext(PageSiteContext);
}
