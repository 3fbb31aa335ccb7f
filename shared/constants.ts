/**
 * Business constants and limits of spec section 9, named as the spec names them.
 * Both the worker and the client read them from here; nothing else defines them.
 */
import type { TextLocale } from "./i18n/locales";

/**
 * English is the default and has no path prefix; Arabic lives under `/ar` (shared/locale-path.ts).
 * Each locale must have a text catalogue (shared/i18n/), or this does not compile.
 */
export const LOCALES = ["en", "ar"] as const satisfies readonly TextLocale[];
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const TOKEN_COOKIE_MAX_AGE = 604800;
export const USER_STATE_KEY = "strapi_user";

export const MENU_SUBLINK_LIMIT = 50;

export const LOADING_BAR = {
  throttle: 200,
  duration: 2000,
  height: 3,
  hideDelay: 500,
  resetDelay: 400,
} as const;

export const SOCKET_RETRY = { attempts: 5, queryBackoffMs: 500, socketBackoffMs: 1000 } as const;
export const ICON_CACHE = { maxItems: 50, maxAgeHours: 168, fetchTimeoutMs: 500 } as const;

export const RELOAD_GUARD_MS = 10_000;
export const ROUTE_PRELOAD_CONCURRENCY = 5;
export const PREFETCH_DELAY_MS = 1000;
export const PAYLOAD_HASH_LENGTH = 10;

export const QUERY_STRING_LIMITS = { depth: 5, arrayLimit: 20, parameterLimit: 1000 } as const;

export const FETCH_RETRIES = { nonMutating: 1, mutating: 0 } as const;
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** Not given by the spec: how often an open tab asks whether a new build is live. */
export const BUILD_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** Not given by the spec: how many visited paths the local history keeps. */
export const VISIT_HISTORY_LIMIT = 50;
export const VISIT_HISTORY_KEY = "visit_history";
export const RELOAD_GUARD_KEY = "chunk_reload_guard";

export const CURRENCY = "AED";
