import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { getPath } from "hono/utils/url";
import { acceptedLanguages } from "../../../shared/accept-language";
import { DEFAULT_LOCALE, LOCALE_COOKIE_MAX_AGE, type Locale } from "../../../shared/constants";
import { LOCALE_COOKIE } from "../../../shared/cookie-names";
import { isLocale, isLocalisedPath, localizePath, splitLocalePath } from "../../../shared/locale-path";
import { rememberAccountLocale } from "../accounts/account-locale-store";
import type { AppEnv } from "../app-env";
import { backgroundTask } from "../errors/background-task";
import { log } from "../log/log";
import { addVary, setOnAnswer } from "./response-headers";

/**
 * The path the app routes on: the request's without its locale prefix ("/ar/catalog" → "/catalog"),
 * so every route answers in every locale with one registration (`new Hono({ getPath })` in
 * worker/index.ts; Hono's `c.req.path` is this path, `c.req.url` the whole URL). `pathLocale`
 * turns away the paths that exist in one language only.
 */
export function localeNeutralPath(request: Request): string {
  return splitLocalePath(getPath(request)).path;
}

/** The locale a request's path is in ("/ar/…" → ar, else English). */
export function requestLocale(c: Context<AppEnv>): Locale {
  return splitLocalePath(new URL(c.req.url).pathname).locale;
}

/**
 * The best supported locale for an Accept-Language header: tags in order of
 * their q-value (ties keep header order), matched on the full tag and then on
 * the language alone ("ar-AE" → "ar"). Nothing acceptable: the default.
 */
export function detectLocale(acceptLanguage: string | undefined): Locale {
  for (const tag of acceptedLanguages(acceptLanguage)) {
    if (isLocale(tag)) return tag;
    const language = tag.split("-")[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/**
 * The request's locale is its path's (spec section 2, "prefix except default"), set first so
 * that even an error page speaks it. A service, a file or the staff desk under a prefix
 * (`/ar/graphql`, `/ar/robots.txt`, `/ar/staff`) is a 404: they exist once, unprefixed. On the
 * way out, a redirect to one of the shop's pages gets the request's prefix (`/user/login` from
 * an Arabic page → `/ar/user/login`): handlers redirect to paths without one.
 */
export const pathLocale = createMiddleware<AppEnv>(async (c, next) => {
  const locale = requestLocale(c);
  c.set("locale", locale);
  if (locale === DEFAULT_LOCALE) return next();
  if (!isLocalisedPath(c.req.path)) return c.notFound();
  await next();
  const location = c.res.headers.get("location");
  if (c.res.status < 300 || c.res.status > 399 || !location?.startsWith("/")) return;
  const localised = localizePath(locale, location);
  if (localised === location) return;
  const res = new Response(c.res.body, c.res);
  res.headers.set("Location", localised);
  c.res = undefined;
  c.res = res;
});

/**
 * The `i18n_redirected` cookie (spec section 9: 365 days; detection on the root path only).
 * On `/`, a visitor without a valid cookie has their browser's language detected: Arabic is a
 * 302 to `/ar` with the cookie set, English the home page with it set. Elsewhere the path
 * decides, and a page whose locale differs from the cookie's sets it to the page's (following
 * the language switch, a plain link, is how a shopper changes it). A missing cookie counts as
 * English there, so an English first visit stays a page anyone may cache. Not Hono's
 * languageDetector: it detects and sets the cookie on every path (docs/decisions/0014, 0088).
 */
export const localeCookie = createMiddleware<AppEnv>(async (c, next) => {
  const remembered = getCookie(c, LOCALE_COOKIE);
  const locale = c.get("locale");
  const isRoot = new URL(c.req.url).pathname === "/";
  const detect = isRoot && c.req.method === "GET" && !isLocale(remembered);
  if (detect) {
    const detected = detectLocale(c.req.header("accept-language"));
    if (detected !== locale) {
      rememberLocale(c, detected);
      c.header("Cache-Control", "private, no-store");
      c.header("Vary", "Accept-Language, Cookie");
      return c.redirect(localizePath(detected, `/${new URL(c.req.url).search}`), 302);
    }
  }
  await next();
  // The root answers by the browser's languages when no locale cookie says: whatever caches it must know.
  if (isRoot && c.req.method === "GET") setOnAnswer(c, (headers) => addVary(headers, "Accept-Language", "Cookie"));
  // After the page: a handler's own Response would drop headers prepared before it.
  const isPage =
    c.req.method === "GET" && c.res.ok && (c.res.headers.get("content-type") ?? "").startsWith("text/html");
  if (detect || (isPage && (isLocale(remembered) ? remembered : DEFAULT_LOCALE) !== locale)) {
    rememberLocale(c, locale);
    // A signed-in shopper who switched language: their account's e-mails follow (migrations/0110).
    const user = c.get("user");
    if (user && !detect) {
      backgroundTask(
        c,
        rememberAccountLocale(c.env.DB, user.id, locale).catch((error: unknown) =>
          log.error("Remembering the account's language failed", { error }),
        ),
      );
    }
  }
});

function rememberLocale(c: Context<AppEnv>, locale: Locale): void {
  setCookie(c, LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: "Lax",
    secure: new URL(c.req.url).protocol === "https:",
  });
}
