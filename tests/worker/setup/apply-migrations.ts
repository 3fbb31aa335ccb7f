import { applyD1Migrations, env } from "cloudflare:test";

// Runs before each test file; applying is idempotent, so files can run in any order.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// The CMS seed (INSERT OR IGNORE with fixed ids): harmless when already there.
for (let i = 0; i < env.TEST_SEED.length; i += 100) {
  await env.DB.batch(env.TEST_SEED.slice(i, i + 100).map((statement) => env.DB.prepare(statement)));
}
