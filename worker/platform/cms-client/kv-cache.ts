import type { Locale } from "../../../shared/constants";
import { LOCALES } from "../../../shared/constants";

/**
 * Contacts and menus in KV, per locale, stale-while-revalidate: a value younger
 * than FRESH_MS is served as is; an older one is served and refreshed in the
 * background; when the CMS can't be reached the last good value stays. KV is a
 * cache here, never the source: one writer per key (this module).
 */
export const CACHE_VERSION = "v1";
export const FRESH_MS = 5 * 60 * 1000;
/** Last good values are kept a month, then KV forgets them. */
export const KEEP_SECONDS = 30 * 24 * 60 * 60;

export type CachedModel = "contact" | "menu" | "footer-menu" | "top-menu";
export const CACHED_MODELS: readonly CachedModel[] = ["contact", "menu", "footer-menu", "top-menu"];

interface Entry<T> {
  storedAt: number;
  value: T;
}

export function cacheKey(model: CachedModel, locale: Locale, prefix = "cms"): string {
  return `${prefix}:${CACHE_VERSION}:${model}:${locale}`;
}

export interface CacheDeps {
  kv: KVNamespace;
  waitUntil(promise: Promise<unknown>): void;
  now?: () => number;
  /** Key prefix; tests use their own so they never touch the shop's keys. */
  prefix?: string;
  /** Bypass the cache entirely (CMS_CACHE_ENABLED = "false"): every read goes to the CMS. */
  disabled?: boolean;
}

async function store<T>(kv: KVNamespace, key: string, value: T, now: number): Promise<void> {
  const entry: Entry<T> = { storedAt: now, value };
  await kv.put(key, JSON.stringify(entry), { expirationTtl: KEEP_SECONDS });
}

/** The cached record, filling or refreshing it through `load` (which answers null when the CMS failed). */
export async function readThrough<T>(
  deps: CacheDeps,
  model: CachedModel,
  locale: Locale,
  load: () => Promise<T | null>,
): Promise<T | null> {
  if (deps.disabled) return load();
  const now = (deps.now ?? Date.now)();
  const key = cacheKey(model, locale, deps.prefix);
  let cached: Entry<T> | null = null;
  try {
    cached = await deps.kv.get<Entry<T>>(key, "json");
  } catch (error) {
    console.error("KV read failed:", error);
  }
  if (cached && now - cached.storedAt < FRESH_MS) return cached.value;
  if (cached) {
    deps.waitUntil(
      load()
        .then((fresh) => (fresh === null ? undefined : store(deps.kv, key, fresh, now)))
        .catch((error) => console.error("KV refresh failed:", error)),
    );
    return cached.value;
  }
  const fresh = await load();
  if (fresh !== null)
    deps.waitUntil(store(deps.kv, key, fresh, now).catch((e) => console.error("KV write failed:", e)));
  return fresh;
}

/** Forgets a model's cached values in every locale (the CMS webhook calls this). */
export async function purgeModel(kv: KVNamespace, model: CachedModel): Promise<string[]> {
  const keys = LOCALES.map((locale) => cacheKey(model, locale));
  await Promise.all(keys.map((key) => kv.delete(key)));
  return keys;
}
