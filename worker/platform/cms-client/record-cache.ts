import type { AnyVariables, DocumentInput } from "@urql/core";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { sha256, toBase64Url } from "../security/crypto";
import { createCmsClient, runQuery } from "./client";
import { contentVersion } from "./content-version";
import { backgroundTask } from "./layout-records";

/**
 * Catalogue and content records in KV, keyed by the content version: a page
 * rendered after a change costs one GraphQL query per record the first time in
 * a location, then a KV read. Values never go stale within a version, so there
 * is no freshness check; a new version simply asks for new keys. With a real
 * Strapi behind CMS_URL this is the same code. CMS_CACHE_ENABLED = "false"
 * sends every read to the CMS (benchmarks).
 */
const RECORD_TTL_SECONDS = 7 * 24 * 60 * 60;

interface Entry<T> {
  value: T;
}

async function digest(text: string): Promise<string> {
  return toBase64Url((await sha256(text)).subarray(0, 18));
}

/**
 * The record named `kind` for these variables (locale included), from KV or
 * through `load`. `load` answers null when the CMS failed or has no such
 * record; nulls are not kept, so a failure is retried on the next request.
 */
export async function cachedRecord<T>(
  c: Context<AppEnv>,
  kind: string,
  variables: unknown,
  load: () => Promise<T | null>,
): Promise<T | null> {
  if (c.env.CMS_CACHE_ENABLED === "false" || c.get("uncachedRecords")) return load();
  const version = await contentVersion(c);
  const key = `cms:record:${kind}:${version}:${await digest(JSON.stringify(variables))}`;
  try {
    const hit = await c.env.CMS_CACHE.get<Entry<T>>(key, "json");
    if (hit) return hit.value;
  } catch (error) {
    console.error("KV read failed:", error);
  }
  const fresh = await load();
  if (fresh !== null) {
    const entry: Entry<T> = { value: fresh };
    backgroundTask(
      c,
      c.env.CMS_CACHE.put(key, JSON.stringify(entry), { expirationTtl: RECORD_TTL_SECONDS }).catch((error: unknown) =>
        console.error("KV write failed:", error),
      ),
    );
  }
  return fresh;
}

/** A GraphQL query's data through the record cache (see cachedRecord); null when the CMS failed. */
export function cachedQuery<Data, Variables extends AnyVariables>(
  c: Context<AppEnv>,
  document: DocumentInput<Data, Variables>,
  variables: Variables,
  label: string,
): Promise<Data | null> {
  return cachedRecord(c, label, variables, () => runQuery(createCmsClient({ env: c.env }), document, variables, label));
}
