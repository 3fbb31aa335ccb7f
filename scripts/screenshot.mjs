// `node scripts/screenshot.mjs /path ...`: screenshots pages of a fresh shop at 390 and 1280 px
// into /tmp/shots (for looking at what we build; not a test). The browser tests keep theirs with
// TEST_SHOTS (tests/browser/harness.ts keepShot).
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { chromiumLaunchOptions } from "./chromium.mjs";
import { startFreshShop } from "./serve.mjs";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];
const { mf, url } = await startFreshShop();
const browser = await chromium.launch(chromiumLaunchOptions());
mkdirSync("/tmp/shots", { recursive: true });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const path of paths) {
      // The load, then a moment for the islands: a shop page fetches ahead by itself (speculation rules),
      // so the network never goes quiet for long, and waiting for that is what made tests flaky.
      await page.goto(url + path, { waitUntil: "load" });
      await page.waitForTimeout(500);
      const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "home"}-${width}.png`;
      await page.screenshot({ path: `/tmp/shots/${name}`, fullPage: true });
      console.log(`/tmp/shots/${name}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await mf.dispose();
}
