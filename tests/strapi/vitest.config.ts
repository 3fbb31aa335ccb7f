import { defineConfig } from "vitest/config";

/**
 * `npm run test:strapi`: one real Strapi 4.25 (strapi/, installed in .strapi/), the shop
 * against it and, for comparison, the shop with its embedded CMS; the tests run against
 * that trio, then the shopping journey in Chromium runs against the Strapi-backed shop.
 */
export default defineConfig({
  test: {
    include: ["tests/strapi/**/*.test.ts", "tests/browser/shopping-journey.test.ts"],
    environment: "node",
    globalSetup: ["tests/strapi/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Strapi's auth rate limit counts per IP and path across files: one file at a time.
    fileParallelism: false,
  },
});
