import { env } from "cloudflare:test";
import { afterAll, vi } from "vitest";

/*
 * Runs before each test file: every migration, then the embedded CMS's seed, as one D1 batch (a batch
 * per migration and per hundred seed rows, 42 round trips, cost about 1.3 s a file; one costs 0.3 s).
 *
 * In `npm test` a workerd runs a chunk of files one after another (vitest.config.ts `isolate`, decision
 * 0131): the worker's modules are loaded once for the chunk, and each file starts from storage as fresh
 * as its own workerd would give it. So, first, what the file before it left is taken away: every table,
 * view and trigger of both D1 databases, every key of KV and every object of R2, a clock or global it faked. Run alone
 * (`npx vitest run <file>`), a file has its own workerd and none of this finds anything to remove.
 */
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();

// MIGRATION_DB too: the migrations' trials and the lagging replicas (tests/worker/support/lagging-replica.ts)
// fill it, and a trial after them in the same workerd found their tables (redirect-rule-ids, 2026-12-02).
await Promise.all([emptyD1(env.DB), emptyD1(env.MIGRATION_DB), emptyKv(env.CMS_CACHE), emptyR2(env.UPLOADS)]);
// The edge cache (caches.default) cannot be listed, so each file is a deployment of its own instead: kept
// pages' and frames' keys name the build (worker/frame/shells/shell-store.ts), and none a file kept is
// asked for by the next.
env.CF_VERSION_METADATA = { id: crypto.randomUUID(), tag: "", timestamp: new Date().toISOString() };

await env.DB.batch(env.TEST_DATABASE.map((statement) => env.DB.prepare(statement)));

// A file's faked clock or globals end with it, whatever its own hooks did.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function emptyD1(db: D1Database): Promise<void> {
  const leftovers = await db
    .prepare(
      // Triggers and views first (they name tables), then full-text tables (they own shadow tables), then
      // tables, newest first (a newer table's foreign keys name older ones).
      `SELECT type, name FROM sqlite_master
       WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       ORDER BY CASE WHEN type = 'trigger' THEN 0 WHEN type = 'view' THEN 1 WHEN sql LIKE 'CREATE VIRTUAL%' THEN 2 ELSE 3 END,
         rowid DESC`,
    )
    .all<{ type: string; name: string }>();
  if (leftovers.results.length === 0) return;
  const drops = leftovers.results.map(({ type, name }) => `DROP ${type.toUpperCase()} IF EXISTS "${name}"`);
  await db.batch(["PRAGMA defer_foreign_keys = on", ...drops].map((statement) => db.prepare(statement)));
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ cursor });
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

async function emptyR2(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
