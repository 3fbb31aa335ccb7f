import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { DEFAULT_LOCALE, LOCALE_COOKIE_MAX_AGE, LOCALES, type Locale } from "../../../shared/constants";
import { LOCALE_COOKIE } from "../../../shared/cookie-names";
import type { AppEnv } from "../app-env";

function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? "");
}

/**
 * The best supported locale for an Accept-Language header: tags in order of
 * their q-value (ties keep header order), matched on the full tag and then on
 * the language alone ("en-AE" → "en"). Nothing acceptable: the default.
 */
export function detectLocale(acceptLanguage: string | undefined): Locale {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (isLocale(tag)) return tag;
    const language = tag.split("-")[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/**
 * The request's locale (spec section 9): English only, no path prefix. On the
 * root path only, a visitor without a valid `i18n_redirected` cookie has their
 * browser language detected and remembered for 365 days; with one locale that
 * only sets the cookie (a second locale would redirect to its prefix here).
 * Every KV cache key includes `c.get("locale")`. Not Hono's languageDetector: it
 * detects and sets the cookie on every path (docs/decisions/0014-hono-middleware-where-it-fits.md).
 */
export const locale = createMiddleware<AppEnv>(async (c, next) => {
  const remembered = getCookie(c, LOCALE_COOKIE);
  const detect = c.req.path === "/" && c.req.method === "GET" && !isLocale(remembered);
  const current: Locale = detect
    ? detectLocale(c.req.header("accept-language"))
    : isLocale(remembered)
      ? remembered
      : DEFAULT_LOCALE;
  c.set("locale", current);
  await next();
  // After the page: a handler's own Response would drop headers prepared before it.
  if (detect) {
    setCookie(c, LOCALE_COOKIE, current, {
      path: "/",
      maxAge: LOCALE_COOKIE_MAX_AGE,
      sameSite: "Lax",
      secure: new URL(c.req.url).protocol === "https:",
    });
  }
});
