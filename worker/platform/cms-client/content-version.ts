import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { toHex } from "../security/crypto";

/**
 * The content version: one small KV key that changes whenever CMS content
 * changes (the CMS webhook bumps it; so does seeding the embedded CMS). It is
 * part of every catalogue-record key and every page-shell key, so a change
 * shows on the next request everywhere without purging anything: old entries
 * are simply never asked for again and expire.
 */
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
