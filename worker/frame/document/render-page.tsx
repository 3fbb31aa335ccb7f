import type { Context } from "hono";
import type { ReactNode } from "react";
import { renderToReadableStream, renderToString } from "react-dom/server";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/constants";
import { isLocalisedPath, localizePath, otherLocale, splitLocalePath } from "../../../shared/locale-path";
import type { AppEnv } from "../../platform/app-env";
import { lookupFailed } from "../../platform/page-fate";
import { viewerOf } from "../../platform/session/viewer";
import { localeAlternates, ogLocale } from "../head/locale-alternates";
import { PageSiteProvider, pageSiteOf } from "../head/page-site";
import type { JsonLdNode } from "../head/schema-types";
import { SeoHead, type SeoImage } from "../head/seo-head";
import { siteJsonLd } from "../head/site-json-ld";
import { absoluteUrl } from "../head/site-origin";
import { DEFAULT_CARD, SOCIAL_CARD } from "../head/social-image";
import { TextsProvider, textsOf } from "../i18n/texts";
import type { LanguageSwitchProps } from "../layout/language-switch";
import { loadLayoutData } from "../layout/layout-data";
import { loadHeaderState } from "../personal/header-state";
import { UserState } from "../personal/user-state";
import { PartlyShown } from "../ui/status-screens";
import { buildInfo } from "./build-info";
import { Document } from "./document";
import { localiseLinks } from "./localise-links";
import { retryPath } from "./retry-path";

export interface PageContent {
  title: string;
  description?: string;
  status?: 200 | 400 | 404 | 422 | 500 | 503;
  head?: ReactNode;
  /** Canonical path when it is not the request path (always without query). */
  canonicalPath?: string;
  /**
   * Markers the page is rendered for in place of the request's path and query (the kept 404
   * frame, not-found-frame.ts): its canonical, language switch and text name them, and each
   * request fills them in.
   */
  pathHoles?: PathHoles;
  /** The sharing image (OpenGraph, Twitter); the shop's default card otherwise. */
  image?: SeoImage;
  ogType?: "website" | "article" | "product";
  /** Structured data for this page (Product, BlogPosting, BreadcrumbList...). */
  jsonLd?: readonly JsonLdNode[];
  searchQuery?: string;
  /**
   * The staff desk's own frame in place of the shop's: its compact header (no search, bag, favourites
   * or call-back), no footer, so a desk page's work starts on a phone's first screen.
   */
  desk?: { header: ReactNode };
  body: ReactNode;
  /**
   * The body holds <Suspense> parts waiting on slow data: stream the shell
   * first. Pages whose data is all awaited render to a string, which costs
   * a fraction of a stream on workerd (see docs/performance.md).
   */
  stream?: boolean;
}

export interface PathHoles {
  path: string;
  query: string;
}

export type RenderMode = "auto" | "stream" | "string";

/**
 * A page shell for the shared cache streams while a shopper waits for it (its CPU is paid once per
 * content change, and that shopper gets bytes at once), and renders to a string when it is a
 * background refresh nobody waits for; a page rendered per request streams only when it waits on
 * slow parts.
 */
function renderMode(c: Context<AppEnv>, page: PageContent): "stream" | "string" {
  const configured = (c.env.RENDER_MODE || "auto") as RenderMode;
  if (configured === "stream" || configured === "string") return configured;
  const keeping = c.get("keeping");
  // A background refresh streams to nobody: the kept copy is the same bytes for a third less CPU.
  if (keeping?.background) return "string";
  return page.stream || keeping ? "stream" : "string";
}

export const HTML_HEADERS = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" };

/**
 * How long a page answered 503 (the shop could not read what it shows) asks to be left before it is
 * asked again: the CMS's and D1's failures we meet pass within seconds, and a crawler that comes
 * back sooner finds a page still being made (decision 0101).
 */
export const RETRY_AFTER_SECONDS = 30;

/** A page's headers at its status: a 503 says when to ask again. */
function headersFor(status: number): Record<string, string> {
  return status === 503 ? { ...HTML_HEADERS, "Retry-After": String(RETRY_AFTER_SECONDS) } : HTML_HEADERS;
}

/** The default sharing card (client/static/og-image.png, copied to the site root by the client build). */
const DEFAULT_IMAGE = { path: DEFAULT_CARD, ...SOCIAL_CARD };

const GTM_ID = /^GTM-[A-Z0-9]{1,12}$/;

const BOT = /bot|crawler|spider|crawling|facebookexternalhit|slurp|lighthouse/i;

/**
 * The language switch's target: this page in the other language, with its query. A shared page's
 * kept copy is one for every spelling of its URL, so it links with the query the page reads, in
 * its one spelling (a campaign's `utm_source` is not carried across); other pages keep theirs.
 */
function languageSwitch(c: Context<AppEnv>, locale: Locale, holes?: PathHoles): LanguageSwitchProps | null {
  const to = otherLocale(locale);
  if (holes) return { locale: to, href: `${localizePath(to, holes.path)}?${holes.query}` };
  const url = new URL(c.req.url);
  const { path } = splitLocalePath(url.pathname);
  if (!isLocalisedPath(path)) {
    // The staff desk has English only; a 404 under a prefix for such a path (`/ar/graphql`) leads home.
    return locale === DEFAULT_LOCALE ? null : { locale: to, href: localizePath(to, "/") };
  }
  const query = switchQuery(c);
  return { locale: to, href: localizePath(to, path) + (query ? `?${query}` : "") };
}

/** The query the language switch carries: the page's own in its one spelling on a kept page, else as asked. */
export function switchQuery(c: Context<AppEnv>): string {
  return c.get("pageQuery")?.key ?? new URL(c.req.url).search.slice(1);
}

/**
 * Renders a page inside the layout and streams it: the head and the shell go
 * out as soon as they are ready, data under <Suspense> follows. Crawlers get
 * the whole document at once. Errors after the shell is sent are logged and
 * React's client-side fallback takes the boundary.
 */
export async function renderPage(c: Context<AppEnv>, page: PageContent): Promise<Response> {
  const [layout, header] = await Promise.all([loadLayoutData(c), loadHeaderState(c)]);
  // A page rendering for keeping is drawn for its anonymous view, and its fate hears how it was drawn (decision 0096).
  const keeping = c.get("keeping");
  const { user, nonce } = viewerOf(c);
  let status = page.status ?? 200;
  // Drawn while a look-up it needed failed (its layout's included, read just above): not the page, but
  // what could be shown of it, said so, as a 503 to ask again; never kept (decision 0101). A screen
  // that says so in its own words answers 503 itself.
  const partial = status === 200 && lookupFailed(keeping?.fate);
  if (partial) status = 503;
  const t = textsOf(c);
  const siteName = layout.contacts?.company ?? t.m.site.tagline;
  const title = page.title === t.m.site.tagline ? page.title : `${page.title} | ${siteName}`;
  const description = page.description ?? t.m.site.description;
  const site = pageSiteOf(c);
  const { origin, locale } = site;
  // Routes and screens speak paths without a locale prefix; the page's own URLs get its prefix here.
  const path = page.pathHoles?.path ?? page.canonicalPath ?? c.req.path;
  const gtmId = (c.env.GTM_ID ?? "").trim();
  const head = (
    <>
      <SeoHead
        title={title}
        description={description}
        canonical={absoluteUrl(origin, localizePath(locale, path))}
        alternates={status === 200 ? localeAlternates(origin, path) : []}
        ogLocale={ogLocale(locale)}
        siteName={siteName}
        image={
          page.image ?? {
            url: absoluteUrl(origin, DEFAULT_IMAGE.path),
            width: DEFAULT_IMAGE.width,
            height: DEFAULT_IMAGE.height,
            type: "image/png",
            alt: siteName,
          }
        }
        type={page.ogType}
        noindex={c.get("noindex") === true || status !== 200}
        jsonLd={
          path === "/" && status === 200
            ? [...siteJsonLd(layout.contacts, site, t.m.site.tagline), ...(page.jsonLd ?? [])]
            : page.jsonLd
        }
      />
      {/* Read by the client runtime, which loads the tag manager once the page is interactive. */}
      {GTM_ID.test(gtmId) && <meta name="gtm-id" content={gtmId} />}
      {page.head}
      <UserState user={user} nonce={nonce} />
    </>
  );
  const document = (
    <TextsProvider t={t} nonce={nonce}>
      <PageSiteProvider site={site}>
        <Document
          title={title}
          description={description}
          nonce={nonce}
          buildId={buildInfo(c.env).id}
          layout={layout}
          counts={header.counts}
          user={header.user}
          head={head}
          searchQuery={page.searchQuery}
          locale={locale}
          languageSwitch={languageSwitch(c, locale, page.pathHoles)}
          desk={page.desk}
        >
          {partial && <PartlyShown retry={retryPath(c) ?? path} />}
          {page.body}
        </Document>
      </PageSiteProvider>
    </TextsProvider>
  );
  if (renderMode(c, page) === "string") {
    const html = `<!DOCTYPE html>${renderToString(document)}`;
    if (keeping) keeping.fate.status = status;
    // Through c.body so cookies set while loading (flash, locale) go out with the page.
    return c.body(localiseLinks(html, locale), status, headersFor(status));
  }
  const stream = await renderToReadableStream(document, {
    nonce,
    // A shell is rendered for everyone: the first shopper leaving must not cut the copy being kept.
    signal: keeping ? undefined : c.req.raw.signal,
    onError(error) {
      status = 500;
      keeping?.fate.against.add("render-failed");
      console.error("Error in app:", error);
    },
  });
  if (BOT.test(c.req.header("user-agent") ?? "")) await stream.allReady;
  if (keeping) keeping.fate.status = status;
  return c.body(localiseLinks(stream, locale), status, headersFor(status));
}
