import type { Context } from "hono";
import type { Locale } from "../../../shared/constants";
import { LOCALES } from "../../../shared/constants";
import type { AppEnv } from "../app-env";
import { backgroundTask } from "../errors/background-task";
import { log } from "../log/log";
import { recordsTag } from "./page-tags";
import { variablesDigest } from "./variables-digest";
import { CONTENT_TAG, versionsOf } from "./versions";

/**
 * CMS records kept in KV (CMS_CACHE), two kinds with two ways of going stale:
 *
 * | kind | key | fresh for | invalidated by |
 * |---|---|---|---|
 * | layout (contacts, menus) | `cms:v1:<model>:<locale>` | 5 minutes, then served while refreshed | the CMS webhook deleting the model's keys (purgeModel) |
 * | records (catalogue, content) | `cms:record:<kind>:<versions>:<digest of variables>` | for ever within its versions | a new content version, or a change of one of the models the record holds (`records:<model>`, versions.ts) |
 *
 * CMS_CACHE_ENABLED = "false" sends every read to the CMS (benchmarks). KV is a cache here, never
 * the source; with a real Strapi behind CMS_URL this is the same code.
 */

/**
 * Contacts and menus in KV, per locale, stale-while-revalidate: a value younger
 * than FRESH_MS is served as is; an older one is served and refreshed in the
 * background; when the CMS can't be reached the last good value stays. KV is a
 * cache here, never the source: one writer per key (this module).
 */
/** In every key (cacheKey); scripts/seed-local.mjs forgets the keys under `cms:v1:` when the local seed changes. */
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
    log.error("KV read failed", { error });
  }
  if (cached && now - cached.storedAt < FRESH_MS) return cached.value;
  if (cached) {
    deps.waitUntil(
      load()
        .then((fresh) => (fresh === null ? undefined : store(deps.kv, key, fresh, now)))
        .catch((error) => log.error("KV refresh failed", { error })),
    );
    return cached.value;
  }
  const fresh = await load();
  if (fresh !== null)
    deps.waitUntil(store(deps.kv, key, fresh, now).catch((error) => log.error("KV write failed", { error })));
  return fresh;
}

/** Forgets a model's cached values in every locale (the CMS webhook calls this). */
export async function purgeModel(kv: KVNamespace, model: CachedModel): Promise<string[]> {
  const keys = LOCALES.map((locale) => cacheKey(model, locale));
  await Promise.all(keys.map((key) => kv.delete(key)));
  return keys;
}

/**
 * Catalogue and content records, keyed by the content version: a page rendered after a change
 * costs one CMS query per record the first time in a location, then a KV read. Values never go
 * stale within a version, so there is no freshness check; a new version simply asks for new keys.
 */
const RECORD_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Whether this request reads CMS records through KV (not with the cache off, nor while placing an order). */
export function recordsCached(c: Context<AppEnv>): boolean {
  return c.env.CMS_CACHE_ENABLED !== "false" && !c.get("uncachedRecords");
}

/** A record and the page tags it shows (page-tags.ts), worked out once when it was loaded and kept beside it. */
export interface TaggedRecord<T> {
  value: T;
  tags: string[];
}

/** How a record is kept in KV. `tags` is missing from records kept before it was (they are tagged when read). */
interface KeptRecord<T> {
  value: T;
  tags?: string[];
}

/**
 * The record named `kind` for these variables (locale included), from KV or
 * through `load`, with its tags (`tagsOf`, worked out when it is loaded: a kept
 * record is read with them, not walked again). `load` answers null when the CMS
 * failed or has no such record; nulls are not kept, so a failure is retried on
 * the next request, nor is what `worthKeeping` turns down.
 * `models`: the CMS models the record holds entries of; a change of any of
 * them asks for a new key (the content version still moves every key on).
 */
export async function cachedRecord<T>(
  c: Context<AppEnv>,
  kind: string,
  models: readonly string[],
  variables: unknown,
  load: () => Promise<T | null>,
  { tagsOf, worthKeeping = () => true }: { tagsOf: (value: T) => string[]; worthKeeping?: (value: T) => boolean },
): Promise<TaggedRecord<T> | null> {
  const loaded = async () => {
    const value = await load();
    return value === null ? null : { value, tags: tagsOf(value) };
  };
  if (!recordsCached(c)) return loaded();
  const version = await versionsOf(c, [CONTENT_TAG, ...models.map(recordsTag)]);
  const key = `cms:record:${kind}:${version}:${await variablesDigest(variables)}`;
  try {
    const hit = await c.env.CMS_CACHE.get<KeptRecord<T>>(key, "json");
    if (hit) return { value: hit.value, tags: hit.tags ?? tagsOf(hit.value) };
  } catch (error) {
    log.error("KV read failed", { error });
  }
  const fresh = await loaded();
  if (fresh !== null && worthKeeping(fresh.value)) {
    const kept: KeptRecord<T> = fresh;
    backgroundTask(
      c,
      c.env.CMS_CACHE.put(key, JSON.stringify(kept), { expirationTtl: RECORD_TTL_SECONDS }).catch((error: unknown) =>
        log.error("KV write failed", { error }),
      ),
    );
  }
  return fresh;
}
