import { defineConfig } from "vitest/config";

/** Browser tests: one shop in workerd and one Debian Chromium for the run (global setup), a browser connection per file. */
export default defineConfig({
  test: {
    include: ["tests/browser/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/browser/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // The files run one after another in one Node worker that keeps its modules (playwright-core, axe-core,
    // the harness) from file to file instead of importing them again for each: 6 files, 2026-12-02, 4.7 s
    // of imports against 2.3 s. Nothing the files share holds state between them: each connects to the
    // run's Chromium in its beforeAll (its own contexts, cookies and caches) and closes that in its afterAll.
    isolate: false,
    // expect.poll waits for what a page will do (a prefetch after a hover, a bar that finishes): Vitest's
    // 1 s default is shorter than a loaded machine's page takes, as a prefetch queued behind a dozen
    // visible links' showed (tests/browser/runtime.test.ts, 2026-12-01). A poll ends as soon as it holds.
    expect: { poll: { timeout: 10_000 } },
  },
});
