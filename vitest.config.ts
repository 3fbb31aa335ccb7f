import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { unstable_splitSqlQuery } from "wrangler";
import { prebundledDependencies } from "./scripts/prebundled-dependencies";

/** workerd tests: the worker with its wrangler.toml bindings, real D1 (migrated) and KV. */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  // The embedded CMS's seed, the same SQL `npm start` loads, applied after the migrations.
  execFileSync("node", ["scripts/build-seed.mjs"], { cwd: import.meta.dirname, stdio: "ignore" });
  const seed = unstable_splitSqlQuery(readFileSync(path.join(import.meta.dirname, "dist/seed.sql"), "utf8"));
  // What each test file's fresh D1 is made of, in order (tests/worker/setup/apply-migrations.ts).
  const database = [...migrations.flatMap((migration) => migration.queries), ...seed];
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // An empty D1 beside DB (which the setup file migrates): tests/worker/migrations-on-data.test.ts
          // builds its databases migration by migration in it.
          d1Databases: { MIGRATION_DB: "migration-trial" },
          bindings: {
            TEST_MIGRATIONS: migrations,
            TEST_DATABASE: database,
            // 10 000 generated products for search at scale (tests/worker/search-at-scale.test.ts).
            TEST_SEARCH_PRODUCTS: readFileSync(
              path.join(import.meta.dirname, "scripts/search-bench-products.sql"),
              "utf8",
            ),
            JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789",
            CMS_WEBHOOK_SECRET: "test-webhook-secret-0123456789abcdef",
            COOKIE_SECRET: "test-cookie-secret-0123456789abcdef",
            // Tests insert rules and expect them at once.
            REDIRECT_CACHE_SECONDS: "0",
            REDIRECT_ALLOWED_HOSTS: "partner.example, brand.example",
            // A fake sign-in provider; tests answer its user-info URL with a stubbed fetch.
            AUTH_PROVIDERS: JSON.stringify({
              fakeid: {
                label: "FakeID",
                authorizeUrl: "https://id.fake-provider.test/authorize?client_id=shop",
                userInfoUrl: "https://id.fake-provider.test/userinfo",
                emailField: "email",
                clientId: "shop",
              },
            }),
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.{ts,tsx}"],
      // Every request writes one info line (worker/platform/log/request-line.ts): thousands in a run, so
      // they are kept out of the output; tests that read them spy on the console, which still sees them.
      onConsoleLog: (log: string) => !/^\{"level":"info","message":"Request answered"/.test(log),
      setupFiles: ["./tests/worker/setup/apply-migrations.ts"],
      // Two files at once, each in its own workerd with its own storage (decision 0113). Vitest's
      // default in a run is one fewer than the cores, one on a 2-core machine, yet a file's start is
      // mostly its workerd and this Node process waiting on each other (module by module over a
      // socket): a second file fills those waits. Measured on 2026-12-01, six small files: 42 s one
      // at a time, 29 s two at a time.
      // Beside the browser suite (scripts/test-both.mjs sets TEST_SIDE_BY_SIDE) one file at a time: two
      // workerd files then took both cores from the browser suite's shop, and its pages timed out
      // (variant-picker, arabic-reading, 2026-12-01).
      maxWorkers: process.env.TEST_SIDE_BY_SIDE ? 1 : 2,
      // In `npm test` and `npm run test:worker` (scripts/test-both.mjs sets TEST_CHUNK) a workerd runs its
      // chunk's files one after another, the worker's modules loaded once: the setup file gives each file
      // storage as fresh as its own workerd would (decision 0131). 16 files, 2026-12-01: 79 s one workerd
      // each, 31 s one for all. Not for a whole run in one `vitest run`: @cloudflare/vitest-pool-workers
      // 0.15 wraps the module runner once more for each file a workerd runs, and past about 70 files its
      // imports exceed the stack; a chunk is at most 28 (scripts/test-both.mjs).
      isolate: !process.env.TEST_CHUNK,
      // Vitest's 5 s default is a bound on a hung test, not a measurement: with two files sharing two
      // loaded cores a test that waits on the shop's background work took 5.5 s (2 s alone) and was cut
      // off (tests/worker/targeted-invalidation.test.ts, 2026-12-01). Beside a CPU hog (two `yes` loops) as
      // well as the browser suite, a test that takes 2.5 s alone took 15.8 s (eleven searches,
      // tests/worker/search-index.test.ts, 2026-12-02): the bound is twice that, and the tests that
      // set their own (many sign-ins, a crowd) have at least twice this one.
      testTimeout: 30_000,
      // The same bound for a file's hooks (Vitest's default is 10 s): a beforeAll that walks pages
      // (tests/worker/query-plans.test.ts) went over 10 s at a load of 20 (2026-12-01).
      hookTimeout: 30_000,
      // Each file's workerd loads every module the worker imports (the setup file's `cloudflare:test`
      // imports the main module), one at a time from this Node process over a socket: ~1,340 modules, 870
      // of them from node_modules, @sentry/cloudflare's alone ~660. Bundled once per run by Vite's
      // optimizer (scripts/prebundled-dependencies.ts says which), ~490 are left. Measured on
      // 2026-12-01 with the machine loaded by other suites (load 12 to 17), three small files one at a time,
      // four runs each in alternation: 16 s of CPU against 24 s (median), 45 s against 58 s of wall time.
      // Node's own modules and Cloudflare's are the runtime's, not bundled. Tried the same day and left:
      // - the migrations and seed (tests/worker/setup/apply-migrations.ts, one batch of ~1,700 statements)
      //   take 0.15 to 0.3 s of a file's start: not where it goes;
      // - Vitest's experimental.fsModuleCache: workerd is handed a cache file's path to read, and fails;
      // - leaving the main module out of `cloudflare:test` (loaded at the first request instead): a file
      //   that never asks the worker starts in a second, but the first test of every other file then
      //   carries the ~10 s load and met the bound below (then 15 s) on a loaded machine;
      // - bundling react and react-dom too: slower (their CommonJS is loaded natively by workerd; the
      //   bundle was a 1.1 MB module sent to each workerd).
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: prebundledDependencies(import.meta.dirname),
            rolldownOptions: { external: [/^node:/, /^cloudflare:/] },
          },
        },
      },
    },
  };
});
