import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { findChromium } from "../../scripts/chromium.mjs";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** Found the same way as `npm test`'s pre-step (scripts/ensure-chromium.mjs) found it. */
export const CHROMIUM = findChromium() ?? "/usr/bin/chromium";

/** The shop started by global-setup.ts. */
export function shopUrl(path = "/"): string {
  return inject("shopUrl") + path;
}

/** Debian's Chromium, headless, with nothing reaching for the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
  });
}

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: inject("shopUrl") });
  context.on("page", reportWhatKeepsTheNetworkBusy);
  return context;
}

/**
 * A `goto` that fails waiting for the network to go idle says which requests were still open and
 * for how long: a flaky wait is a bug to find (a prefetch that never ends, a request the shop
 * holds), not a timeout to raise. Diagnosis only: the failure stands.
 */
function reportWhatKeepsTheNetworkBusy(page: Page): void {
  const open = new Map<object, { url: string; kind: string; since: number }>();
  page.on("request", (request) =>
    open.set(request, { url: request.url(), kind: request.resourceType(), since: Date.now() }),
  );
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page["goto"]>) => {
    try {
      return await goto(...args);
    } catch (error) {
      const now = Date.now();
      const list = [...open.values()].map((r) => `${r.kind} ${r.url} (open ${now - r.since} ms)`);
      throw new Error(`${(error as Error).message}\nRequests still open: ${list.join("; ") || "none"}`);
    }
  };
}

/** Every script request the page makes, for "which chunks loaded" checks. */
export function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

/** Runs axe-core in the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  // Let opening dialogs and fades finish: mid-transition colours are not what a shopper reads.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const axe = (window as any).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations
      .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
      .map((v: { id: string; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
      }));
  });
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

/**
 * Opens `path` (or reloads the page when no path is given) until the answer is not a kept page's
 * stale copy: after a content or stock change the first views get the copy made before it while
 * one render makes the new one (docs/decisions/0084-stale-shells.md). Bounded: about five seconds.
 */
export async function openFresh(page: Page, path?: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = path === undefined ? await page.reload() : await page.goto(path);
    if (response?.headers()["x-page-shell"] !== "stale") return;
    await page.waitForTimeout(100);
  }
  throw new Error(`The stale copy of ${path ?? page.url()} was never replaced`);
}
