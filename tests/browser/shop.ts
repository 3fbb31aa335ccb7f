import { existsSync, readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { unstable_splitSqlQuery } from "wrangler";
import { startShop } from "../../scripts/serve.mjs";

const root = resolve(import.meta.dirname, "../..");

interface RunningShop {
  url: string;
  mf: {
    getD1Database(name: string): Promise<D1Like>;
    dispose(): Promise<void>;
  };
}
interface D1Like {
  batch(statements: unknown[]): Promise<unknown>;
  prepare(sql: string): unknown;
}

/** Runs SQL text statement by statement (D1 has no multi-statement exec we can trust). */
async function runSql(db: D1Like, sql: string): Promise<void> {
  const statements = unstable_splitSqlQuery(sql).filter((s: string) => s.trim());
  for (let i = 0; i < statements.length; i += 50) {
    await db.batch(statements.slice(i, i + 50).map((s: string) => db.prepare(s)));
  }
}

/**
 * The production build in workerd on a free port with fresh in-memory state:
 * every migration applied, then the seed (dist/seed.sql) when the build made one.
 */
export async function startTestShop(vars: Record<string, string> = {}) {
  const shop = (await startShop({ port: 0, persist: false, vars, log: false })) as RunningShop;
  const db = await shop.mf.getD1Database("DB");
  const migrationsDir = resolve(root, "migrations");
  for (const file of readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    await runSql(db, readFileSync(resolve(migrationsDir, file), "utf8"));
  }
  const seed = resolve(root, "dist/seed.sql");
  if (existsSync(seed)) await runSql(db, readFileSync(seed, "utf8"));
  return { url: shop.url, dispose: () => shop.mf.dispose() };
}
