import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./harness";
import { startTestShop, type TestShop } from "./shop";

/**
 * Debian's Chromium and a fresh test shop (tests/browser/shop.ts) for the file that calls this at its top
 * level: started together before its tests and handed to `use`, closed after them. `timeout`: the start's,
 * where a file's shop takes longer than the hooks'.
 */
export function withBrowserAndShop(
  options: { timeout?: number },
  use: (browser: Browser, shop: TestShop) => void,
): void {
  let browser: Browser | undefined;
  let shop: TestShop | undefined;
  beforeAll(async () => {
    [browser, shop] = await Promise.all([launchBrowser(), startTestShop()]);
    use(browser, shop);
  }, options.timeout);
  afterAll(async () => {
    await browser?.close();
    await shop?.dispose();
  });
}
