// Where the browser tests' Chromium is. One finder for the test harness and for
// `npm test`'s pre-step (scripts/ensure-chromium.mjs), so both agree. It never
// downloads a browser build: the tests drive the system's Chromium.
import { accessSync, constants, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Chromium builds a `playwright install chromium` left behind, newest first. */
function playwrightChromiums() {
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), ".cache", "ms-playwright");
  try {
    return readdirSync(cache)
      .filter((name) => /^chromium-\d+$/.test(name))
      .sort((a, b) => Number(b.split("-")[1]) - Number(a.split("-")[1]))
      .flatMap((dir) => [join(cache, dir, "chrome-linux", "chrome"), join(cache, dir, "chrome-linux64", "chrome")]);
  } catch {
    return [];
  }
}

/**
 * The first Chromium found: CHROMIUM_PATH (trusted as given, so a wrong value
 * fails loudly at launch), Debian's /usr/bin/chromium, then a Playwright one.
 * @returns {string | null}
 */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", ...playwrightChromiums()];
  return candidates.find(isExecutable) ?? null;
}

/**
 * How the browser tests and `scripts/screenshot.mjs` start it: headless, with nothing reaching for the network.
 * @returns {import("playwright-core").LaunchOptions}
 */
export function chromiumLaunchOptions() {
  return {
    executablePath: findChromium() ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  };
}
