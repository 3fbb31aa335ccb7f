import type { LaunchOptions } from "playwright-core";
import { findChromium } from "../../scripts/chromium.mjs";

/**
 * Debian's Chromium, headless, with nothing reaching for the network: found the same way as `npm test`'s
 * pre-step (scripts/ensure-chromium.mjs) found it.
 */
export const CHROMIUM_OPTIONS: LaunchOptions = {
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
