import { env } from "cloudflare:test";

/**
 * What `npm run search:reindex` does (scripts/search-reindex.mjs): the index is marked for
 * rebuilding, with these statements in the same batch, and the content version moves on, so an
 * isolate's held vocabulary and results (search/search-vocabulary.ts) are read again.
 */
export async function markSearchIndexStale(...statements: D1PreparedStatement[]): Promise<void> {
  await env.DB.batch([...statements, env.DB.prepare("UPDATE search_state SET built_at = NULL, building_since = NULL")]);
  await env.CMS_CACHE.put("cms:content-version", `reindex-${crypto.randomUUID()}`);
}
