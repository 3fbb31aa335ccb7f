import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { chromiumLaunchOptions } from "../../scripts/chromium.mjs";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * A screenshot to look at, kept in the folder TEST_SHOTS names (`TEST_SHOTS=/tmp/shots npm run test:browser`):
 * the pages at 390 and 1280 px, in both languages, as the tests leave them. They assert nothing, so `npm test`
 * (TEST_SHOTS unset) takes none: about sixty full pages, a fifth of a second of Chromium's work each.
 */
export async function keepShot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.TEST_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: join(folder, name), ...options });
}

/** The shop started by global-setup.ts. */
export function shopUrl(path = "/"): string {
  return inject("shopUrl") + path;
}

/**
 * The run's Chromium (tests/browser/global-setup.ts starts one for every file), or Debian's Chromium
 * launched for the caller where no run started one (the real-Strapi tests). Each file still gets a
 * browser of its own to close: its contexts, cookies and caches end with it, while Chromium's start,
 * a third of a second of both cores for each of 31 files, is paid once.
 */
export function launchBrowser(): Promise<Browser> {
  const endpoint = inject("chromiumEndpoint");
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumLaunchOptions());
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
 * A wait for a page (its load, the network going idle, a URL) that fails says which requests were
 * still open and for how long: a flaky wait is a bug to find (a prefetch that never ends, a request
 * the shop holds), not a timeout to raise. Diagnosis only: the failure stands.
 */
function reportWhatKeepsTheNetworkBusy(page: Page): void {
  const open = new Map<object, { url: string; kind: string; since: number }>();
  page.on("request", (request) =>
    open.set(request, { url: request.url(), kind: request.resourceType(), since: Date.now() }),
  );
  page.on("requestfinished", (request) => open.delete(request));
  page.on("requestfailed", (request) => open.delete(request));
  const waits = ["goto", "reload", "waitForLoadState", "waitForURL", "goBack", "goForward"] as const;
  for (const name of waits) {
    const wait = (page[name] as (...args: unknown[]) => Promise<unknown>).bind(page);
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        try {
          return await wait(...args);
        } catch (error) {
          const now = Date.now();
          const list = [...open.values()].map((r) => `${r.kind} ${r.url} (open ${now - r.since} ms)`);
          throw new Error(`${(error as Error).message}\nRequests still open: ${list.join("; ") || "none"}`);
        }
      },
    });
  }
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

/**
 * A page loaded and its load-time islands awake: what tests once asked of Playwright's `networkidle`.
 * That waits for 500 ms without any request, and a shop page's runtime fetches ahead what the shopper
 * may open next (client/runtime/prefetch.ts: speculation rules, a second after load and on every
 * hover), requests the browser makes for itself and that a navigation may cut off; Playwright's own
 * documentation discourages it for tests. This waits for what the tests then use: the `load` event
 * (the runtime has run) and, when the page runs scripts, every island that wakes at load hydrated.
 * An island that wakes on interaction holds the first click or arrow key and replays it
 * (client/islands.ts).
 */
export async function loaded(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () =>
      // A context without JavaScript (`javaScriptEnabled: false`) wakes nothing: its page is the server's.
      matchMedia("(scripting: none)").matches ||
      Array.from(document.querySelectorAll<HTMLElement>("[data-island]"))
        .filter((island) => (island.dataset.wake ?? "load") === "load")
        .every((island) => island.dataset.hydrated === "true"),
  );
}
