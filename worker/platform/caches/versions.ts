import type { Context } from "hono";
import { toHex } from "../../../shared/bytes";
import type { AppEnv } from "../app-env";
import { log } from "../log/log";

/**
 * Versions: one small KV key (CMS_CACHE) per *tag*, a name for something kept things are made
 * from (page-tags.ts lists them). Nothing is ever purged by a version: a kept thing remembers the
 * versions it was made under, and when one has moved on it is made again (decision 0086).
 *
 * | tag | moved on by | judges |
 * |---|---|---|
 * | `content` (key `cms:content-version`) | a change the shop cannot place (an unknown model, media), seeding, redirects, `search:reindex` | every page shell, KV records, suggestions, the redirect rules' isolate copy |
 * | `stock` (key `shop:stock-version`) | a stock write whose change shows on a page (stock/stock-moves.ts) | every page shell |
 * | `sale:<scope>:<slug>`, `sale:all` | a sale added, paused or resumed on the desk (promotions/sale-moves.ts) | the page shells that show its products (sale-tags.ts) |
 * | `layout:<locale>` | menus and contacts | every page shell of the locale |
 * | `<model>:<id>`, `…:slug:…`, `…:lists:…`, `product:in:…` | the CMS webhook naming an entry (cms-client/change-tags.ts), reviews | the page shells that showed it |
 * | `records:<model>` | any change of the model | KV records (kv-records.ts) |
 *
 * Each tag's version is read at most once per request (kept on the request's context), many
 * tags in one bulk KV read.
 */

export const CONTENT_TAG = "content";
export const STOCK_TAG = "stock";

/** The content version's KV key: it changes whenever a CMS change cannot be placed more narrowly. */
export const CONTENT_VERSION_KEY = "cms:content-version";

/**
 * The stock version's KV key. Kept pages show stock ("Out of stock", "Only 3 left"), read from D1
 * when the shell is rendered; the shop moves this version on only when a SKU's *visible* state
 * changes (sells out, comes back, or its count changes while few are left), so an order that leaves
 * 40 of 41 keeps every shell (decision 0076).
 */
export const STOCK_VERSION_KEY = "shop:stock-version";

/** What a shop that has never been told of a change uses. */
const INITIAL_VERSION = "0";

/** A tag whose version could not be read (KV failing): a kept page is not judged stale by it. */
export const UNKNOWN_VERSION = "?";

/** KV's bulk get takes at most 100 keys. */
const BULK_GET_MAX = 100;

export function versionKey(tag: string): string {
  if (tag === CONTENT_TAG) return CONTENT_VERSION_KEY;
  if (tag === STOCK_TAG) return STOCK_VERSION_KEY;
  return `ver:${tag}`;
}

/**
 * One bulk KV read (at most BULK_GET_MAX keys in all): these tags' versions and the values of `keys`.
 * KV unreachable: the versions are unknown (kept things stay servable, records are read under the
 * initial version) and no value is read.
 */
async function bulkRead(
  kv: KVNamespace,
  tags: readonly string[],
  keys: readonly string[],
): Promise<{ versions: Map<string, string>; values: Map<string, string | null> }> {
  const versions = new Map<string, string>();
  try {
    const found = await kv.get([...tags.map(versionKey), ...keys]);
    for (const tag of tags) versions.set(tag, found.get(versionKey(tag)) ?? INITIAL_VERSION);
    return { versions, values: new Map(keys.map((key) => [key, found.get(key) ?? null])) };
  } catch (error) {
    log.error("Reading versions failed", { error });
    for (const tag of tags) versions.set(tag, UNKNOWN_VERSION);
    return { versions, values: new Map() };
  }
}

/** Reads these tags' versions from KV, bypassing what the request already read. */
export async function readTagVersions(kv: KVNamespace, tags: readonly string[]): Promise<Map<string, string>> {
  const read = new Map<string, string>();
  const unique = [...new Set(tags)];
  for (let at = 0; at < unique.length; at += BULK_GET_MAX) {
    for (const [tag, version] of (await bulkRead(kv, unique.slice(at, at + BULK_GET_MAX), [])).versions)
      read.set(tag, version);
  }
  return read;
}

/**
 * Tags whose versions this request wants to know, but not enough to wait for a read of their own: they
 * go along with the request's next bulk read (a kept page's), and whoever asked looks afterwards
 * (`c.get("tagVersions")`). The redirect rules' copy is checked so, at no extra round trip.
 */
export function readAlong(c: Context<AppEnv>, tags: readonly string[]): void {
  c.set("tagsAlong", [...(c.get("tagsAlong") ?? []), ...tags]);
}

/** These tags' versions for this request: each read from KV once per request, the rest in one bulk read. */
export async function tagVersions(c: Context<AppEnv>, tags: readonly string[]): Promise<ReadonlyMap<string, string>> {
  let known = c.get("tagVersions");
  if (!known) {
    known = new Map();
    c.set("tagVersions", known);
  }
  const along = c.get("tagsAlong") ?? [];
  const missing = [...new Set([...tags, ...along])].filter((tag) => !known.has(tag));
  if (along.length > 0) c.set("tagsAlong", []);
  if (missing.length > 0)
    for (const [tag, version] of await readTagVersions(c.env.CMS_CACHE, missing)) known.set(tag, version);
  return known;
}

/**
 * These tags' versions and the values of other keys of CMS_CACHE, in one bulk read (at most 100 keys
 * in all): the redirect rules' snapshot comes with its version so (redirects/rules-snapshot.ts). The
 * versions are kept for the request as tagVersions' are; when KV fails they are unknown and no value is read.
 */
export async function tagVersionsWith(
  c: Context<AppEnv>,
  tags: readonly string[],
  keys: readonly string[],
): Promise<{ versions: ReadonlyMap<string, string>; values: ReadonlyMap<string, string | null> }> {
  const known = c.get("tagVersions") ?? new Map<string, string>();
  c.set("tagVersions", known);
  const { versions, values } = await bulkRead(c.env.CMS_CACHE, [...new Set(tags)], keys);
  for (const [tag, version] of versions) known.set(tag, version);
  return { versions: known, values };
}

/** A version to key by: the initial one when KV could not say. */
function usable(version: string | undefined): string {
  return version === undefined || version === UNKNOWN_VERSION ? INITIAL_VERSION : version;
}

/** This request's content version. */
export async function contentVersion(c: Context<AppEnv>): Promise<string> {
  return usable((await tagVersions(c, [CONTENT_TAG])).get(CONTENT_TAG));
}

/** These tags' versions joined, for a key that must change when any of them does (KV records, suggestions). */
export async function versionsOf(c: Context<AppEnv>, tags: readonly string[]): Promise<string> {
  const known = await tagVersions(c, tags);
  return tags.map((tag) => usable(known.get(tag))).join(".");
}

/** A new version: time-ordered and unique, so two bumps in the same millisecond still differ. */
function newVersion(): string {
  return `${Date.now().toString(36)}-${toHex(crypto.getRandomValues(new Uint8Array(4)))}`;
}

/** Moves these tags on, all to one new version (answered). */
export async function bumpTags(kv: KVNamespace, tags: readonly string[]): Promise<string> {
  const version = newVersion();
  await Promise.all([...new Set(tags)].map((tag) => kv.put(versionKey(tag), version)));
  return version;
}

export function bumpContentVersion(kv: KVNamespace): Promise<string> {
  return bumpTags(kv, [CONTENT_TAG]);
}

export async function bumpStockVersion(kv: KVNamespace): Promise<void> {
  await bumpTags(kv, [STOCK_TAG]);
}
