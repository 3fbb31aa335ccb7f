import type { Context } from "hono";
import { LOW_STOCK_AT } from "../../../shared/stock-rules";
import type { AppEnv } from "../app-env";
import { CONTENT_VERSION_KEY, contentVersion } from "../cms-client/content-version";
import { toHex } from "../security/crypto";

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

/** What a page would say of this many on hand: sold out, "Only N left", or nothing. */
function visible(onHand: number | undefined): string {
  if (onHand === undefined) return "uncounted";
  if (onHand <= 0) return "sold-out";
  return onHand <= LOW_STOCK_AT ? `left-${onHand}` : "plenty";
}

/** Whether going from `before` to `after` on hand changes what any page shows. */
export function stockChangeShows(before: number | undefined, after: number | undefined): boolean {
  return visible(before) !== visible(after);
}

/** A new stock version (time-ordered and unique), written when a change shows. */
export async function bumpStockVersion(kv: KVNamespace): Promise<void> {
  await kv.put(STOCK_VERSION_KEY, `${Date.now().toString(36)}-${toHex(crypto.getRandomValues(new Uint8Array(4)))}`);
}
