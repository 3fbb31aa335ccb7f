import { defineConfig } from "vitest/config";

/** Browser tests: one shop in workerd for the run (global setup), Debian's Chromium per file. */
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/browser/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
