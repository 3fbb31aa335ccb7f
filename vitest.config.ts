import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

/** workerd tests: the worker with its wrangler.toml bindings, real D1 (migrated) and KV. */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, "migrations"));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            JWT_SECRET: "test-jwt-secret-0123456789abcdef0123456789",
            CMS_WEBHOOK_SECRET: "test-webhook-secret",
            COOKIE_SECRET: "test-cookie-secret-0123456789abcdef",
            // Tests insert rules and expect them at once.
            REDIRECT_CACHE_SECONDS: "0",
            REDIRECT_ALLOWED_HOSTS: "partner.example, brand.example",
          },
        },
      }),
    ],
    test: {
      include: ["tests/worker/**/*.test.{ts,tsx}"],
      setupFiles: ["./tests/worker/setup/apply-migrations.ts"],
    },
  };
});
