import type { Context } from "hono";
import { toHex } from "../../../shared/bytes";
import type { AppEnv } from "../app-env";

/**
 * The two versions every kept thing is keyed by, each one small KV key (CMS_CACHE). Nothing is
 * ever purged by a version: a new version makes new keys, old entries are never asked for again
 * and expire on their own.
 *
 * | version | key | moved on by | keys what |
 * |---|---|---|---|
 * | content | `cms:content-version` | the CMS webhook, seeding, the staff desk (reviews, redirects), `search:reindex` | KV records (kv-records.ts), page shells (edge-cache.ts), suggestions, the redirect rules' isolate copy |
 * | stock | `shop:stock-version` | a stock write whose change shows on a page (stock/stock-moves.ts) | page shells |
 *
 * Each is read at most once per request (kept on the request's context).
 */

/** The content version's KV key: it changes whenever CMS content changes. */
export const CONTENT_VERSION_KEY = "cms:content-version";

/** What a shop that has never been told of a change uses. */
const INITIAL_VERSION = "0";

/** This request's content version, read from KV once per request. */
export async function contentVersion(c: Context<AppEnv>): Promise<string> {
  const known = c.get("contentVersion");
  if (known) return known;
  let version = INITIAL_VERSION;
  try {
    version = (await c.env.CMS_CACHE.get(CONTENT_VERSION_KEY)) ?? INITIAL_VERSION;
  } catch (error) {
    // KV unreachable: render from the CMS under the initial version rather than fail the page.
    console.error("Reading the content version failed:", error);
  }
  c.set("contentVersion", version);
  return version;
}

/** A new version: time-ordered and unique, so two bumps in the same millisecond still differ. */
export async function bumpContentVersion(kv: KVNamespace): Promise<string> {
  const version = `${Date.now().toString(36)}-${toHex(crypto.getRandomValues(new Uint8Array(4)))}`;
  await kv.put(CONTENT_VERSION_KEY, version);
  return version;
}

/**
 * The stock version: part of every page shell's key, beside the content version. Kept pages show
 * stock ("Out of stock", "Only 3 left"), read from D1 when the shell is rendered; the shop moves
 * this version on only when a SKU's *visible* state changes (sells out, comes back, or its count
 * changes while few are left), so an order that leaves 40 of 41 keeps every shell. KV spreads the
 * new value to every location within about a minute: that is how a product that sells out shows
 * it on its page and in listings within a minute while shells stay kept (decision 0076).
 */
export const STOCK_VERSION_KEY = "shop:stock-version";

/**
 * The content and stock versions a shell key needs, read from KV in one bulk get (one round trip,
 * not two) unless this request has read them already.
 */
export async function shellVersions(c: Context<AppEnv>): Promise<{ content: string; stock: string }> {
  const knownContent = c.get("contentVersion");
  const knownStock = c.get("stockVersion");
  if (knownStock && knownContent) return { content: knownContent, stock: knownStock };
  if (knownContent) return { content: knownContent, stock: await stockVersion(c) };
  try {
    const found = await c.env.CMS_CACHE.get([CONTENT_VERSION_KEY, STOCK_VERSION_KEY]);
    c.set("contentVersion", found.get(CONTENT_VERSION_KEY) ?? "0");
    c.set("stockVersion", found.get(STOCK_VERSION_KEY) ?? "0");
  } catch (error) {
    console.error("Reading the shell versions failed:", error);
  }
  return { content: await contentVersion(c), stock: await stockVersion(c) };
}

export async function stockVersion(c: Context<AppEnv>): Promise<string> {
  const known = c.get("stockVersion");
  if (known) return known;
  let version = "0";
  try {
    version = (await c.env.CMS_CACHE.get(STOCK_VERSION_KEY)) ?? "0";
  } catch (error) {
    console.error("Reading the stock version failed:", error);
  }
  c.set("stockVersion", version);
  return version;
}

/** A new stock version (time-ordered and unique), written when a change shows. */
export async function bumpStockVersion(kv: KVNamespace): Promise<void> {
  await kv.put(STOCK_VERSION_KEY, `${Date.now().toString(36)}-${toHex(crypto.getRandomValues(new Uint8Array(4)))}`);
}
