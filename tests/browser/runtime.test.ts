import type { Browser, BrowserContext, Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUILD_CHECK_INTERVAL_MS,
  LOADING_BAR,
  PREFETCH_DELAY_MS,
  RELOAD_GUARD_MS,
  ROUTE_PRELOAD_CONCURRENCY,
  VISIT_HISTORY_KEY,
  VISIT_HISTORY_LIMIT,
} from "../../shared/constants";
import { DESKTOP, expectAccessible, launchBrowser, newContext, PHONE, shopUrl } from "./harness";
import { startTestShop, type TestShop } from "./shop";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page on a paused fake clock: timers run only when the test moves time on. */
async function pausedPage(context: BrowserContext, path: string, page?: Page): Promise<Page> {
  const target = page ?? (await context.newPage());
  await pauseClock(target);
  await target.goto(shopUrl(path), { waitUntil: "load" });
  return target;
}

async function pauseClock(page: Page): Promise<void> {
  // The fake clock replaces `performance`; navigation entries (the response status) are not time, so keep the real ones.
  await page.addInitScript(() => {
    (window as unknown as { realPerformance: Performance }).realPerformance = performance;
  });
  await page.clock.install({ time: new Date("2026-05-01T08:00:00Z") });
  await page.addInitScript(() => {
    const real = (window as unknown as { realPerformance: Performance }).realPerformance;
    performance.getEntriesByType = real.getEntriesByType.bind(real);
  });
  await page.clock.pauseAt(new Date("2026-05-01T08:00:01Z"));
}

interface BarView {
  state: string | null;
  scale: number;
  error: boolean;
  opacity: string;
}

function barView(page: Page): Promise<BarView | null> {
  return page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>(".loading-bar");
    if (!bar) return null;
    const match = /scaleX\(([\d.]+)\)/.exec(bar.style.transform);
    return {
      state: bar.dataset.state ?? null,
      scale: match ? Number(match[1]) : Number.NaN,
      error: bar.hasAttribute("data-error"),
      opacity: getComputedStyle(bar).opacity,
    };
  });
}

/**
 * Cancels the next click or submit after the runtime has seen it (this listener
 * is added later, so it runs later): the bar starts as for a real navigation
 * while the page stays, so the test can move the clock (a pending navigation would block it).
 */
function cancelNext(page: Page, type: "click" | "submit"): Promise<void> {
  return page.evaluate((t) => addEventListener(t, (e) => e.preventDefault(), { once: true }), type);
}

const deliveryLink = (page: Page) => page.getByRole("contentinfo").getByRole("link", { name: "Delivery", exact: true });

describe("the page-loading bar", () => {
  it("stays idle for the throttle, then loads, progresses over the duration, finishes, hides and resets", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    await cancelNext(page, "click");
    await deliveryLink(page).click();

    await page.clock.runFor(LOADING_BAR.throttle - 1);
    expect((await barView(page))?.state ?? "idle").toBe("idle");
    await page.clock.runFor(1);
    const shown = await barView(page);
    expect(shown).toMatchObject({ state: "loading", opacity: "1", error: false });
    expect(await page.evaluate(() => document.querySelector<HTMLElement>(".loading-bar")?.offsetHeight)).toBe(
      LOADING_BAR.height,
    );
    // The fade-out lasts the reset delay: the stylesheet reads it from the script, not a number of its own.
    const fade = await page.evaluate(() => {
      const style = getComputedStyle(document.querySelector<HTMLElement>(".loading-bar")!);
      return style.transitionDuration.split(", ")[style.transitionProperty.split(", ").indexOf("opacity")];
    });
    expect(fade).toBe(`${LOADING_BAR.resetDelay / 1000}s`);

    await page.clock.runFor(LOADING_BAR.duration / 2);
    const half = (await barView(page))?.scale ?? 0;
    await page.clock.runFor(LOADING_BAR.duration / 2);
    const full = (await barView(page))?.scale ?? 0;
    expect(half).toBeGreaterThan(0.3);
    expect(full).toBeGreaterThan(half);
    expect(full).toBeLessThan(1);

    // The navigation goes through: the next page finishes the bar where this one left it.
    await deliveryLink(page).click();
    await page.waitForURL(shopUrl("/delivery"));
    await expect.poll(async () => (await barView(page))?.state).toBe("finishing");
    expect(await barView(page)).toMatchObject({ state: "finishing", scale: 1, error: false });
    await page.clock.runFor(LOADING_BAR.hideDelay - 1);
    expect((await barView(page))?.state).toBe("finishing");
    await page.clock.runFor(1);
    expect((await barView(page))?.state).toBe("hidden");
    await expect.poll(async () => (await barView(page))?.opacity).toBe("0");
    await page.clock.runFor(LOADING_BAR.resetDelay - 1);
    expect((await barView(page))?.state).toBe("hidden");
    await page.clock.runFor(1);
    expect(await barView(page)).toMatchObject({ state: "idle", scale: 0 });
    await context.close();
  });

  it("keeps the page accessible while it shows (decorative, hidden from assistive technology)", async () => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(shopUrl("/company"), { waitUntil: "load" });
    await cancelNext(page, "click");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy", exact: true }).click();
    await page.clock.runFor(LOADING_BAR.throttle + 100);
    expect((await barView(page))?.state).toBe("loading");
    expect(await page.locator(".loading-bar").getAttribute("aria-hidden")).toBe("true");
    await expectAccessible(page);
    await context.close();
  });

  it("never shows for a navigation faster than the throttle", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    await deliveryLink(page).click();
    await page.waitForURL(shopUrl("/delivery"));
    await page.waitForLoadState("load");
    expect((await barView(page))?.state ?? "idle").toBe("idle");
    await context.close();
  });

  it("finishes in the error colour when the navigation fails", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    await page.route("**/delivery", async (route) => {
      if (!route.request().isNavigationRequest()) return route.continue();
      return route.fulfill({ response: await route.fetch(), status: 503 });
    });
    await cancelNext(page, "click");
    await deliveryLink(page).click();
    await page.clock.runFor(LOADING_BAR.throttle + 300);
    await deliveryLink(page).click();
    await page.waitForURL(shopUrl("/delivery"));
    await expect.poll(async () => (await barView(page))?.state).toBe("finishing");
    expect(await barView(page)).toMatchObject({ state: "finishing", error: true });
    const colour = await page.evaluate(
      () => getComputedStyle(document.querySelector(".loading-bar") as Element).backgroundColor,
    );
    expect(colour).toBe("rgb(162, 59, 59)");
    await context.close();
  });

  it("starts for a form submission too", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    await cancelNext(page, "submit");
    await page.getByRole("combobox", { name: "Search products and articles" }).fill("serum");
    // The search box is an island woken by the focus: a click before it is awake is held and replayed.
    await page.locator("[data-island='search-suggest'][data-hydrated='true']").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.clock.runFor(LOADING_BAR.throttle);
    expect((await barView(page))?.state).toBe("loading");
    await context.close();
  });

  it("ignores a click an island already handled", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    await page.evaluate(() =>
      document.querySelector("footer")?.addEventListener("click", (e) => e.preventDefault(), { once: true }),
    );
    await deliveryLink(page).click();
    await page.clock.runFor(LOADING_BAR.throttle * 2);
    expect((await barView(page))?.state ?? "idle").toBe("idle");
    await context.close();
  });

  it("does not grow or fade under prefers-reduced-motion", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedPage(context, "/company", page);
    await cancelNext(page, "click");
    await deliveryLink(page).click();
    await page.clock.runFor(LOADING_BAR.throttle + 500);
    const style = await page.evaluate(() => {
      const bar = getComputedStyle(document.querySelector(".loading-bar") as Element);
      return { transform: bar.transform, transition: bar.transitionDuration, opacity: bar.opacity };
    });
    expect(style).toMatchObject({ transform: "none", opacity: "1" });
    expect(style.transition.split(",").every((d) => d.trim() === "0s")).toBe(true);
    await context.close();
  });
});

describe("the deployment check", () => {
  it("turns the next link navigation into a full load once a new build is live, and stops prefetching", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    let polls = 0;
    await page.route("**/builds/latest.json?t=*", (route) => {
      polls++;
      return route.fulfill({ json: { id: "a-newer-build", timestamp: "2099-05-01T00:00:00Z" } });
    });
    await page.clock.runFor(PREFETCH_DELAY_MS);
    await expect.poll(() => page.locator("script[type=speculationrules]").count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => "stale" in document.documentElement.dataset)).toBe(false);

    await page.clock.runFor(BUILD_CHECK_INTERVAL_MS);
    await expect.poll(() => page.evaluate(() => "stale" in document.documentElement.dataset)).toBe(true);
    expect(polls).toBe(1);
    expect(await page.locator("script[type=speculationrules], link[rel=prefetch]").count()).toBe(0);

    // A listener added after the runtime's sees whether the runtime took the navigation over.
    await page.evaluate(() =>
      addEventListener("click", (e) => sessionStorage.setItem("took-over", String(e.defaultPrevented))),
    );
    const navigation = page.waitForRequest((r: Request) => r.isNavigationRequest() && r.url().endsWith("/delivery"));
    await deliveryLink(page).click();
    await navigation;
    await page.waitForURL(shopUrl("/delivery"));
    expect(await page.evaluate(() => sessionStorage.getItem("took-over"))).toBe("true");
    expect(await page.evaluate(() => "stale" in document.documentElement.dataset)).toBe(false);
    await context.close();
  });

  it("never goes back to an older build (two versions live during a gradual rollout)", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    let polls = 0;
    await page.route("**/builds/latest.json?t=*", (route) => {
      polls++;
      return route.fulfill({ json: { id: "an-older-build", timestamp: "2001-05-01T00:00:00Z" } });
    });
    await page.clock.runFor(BUILD_CHECK_INTERVAL_MS);
    await expect.poll(() => polls).toBe(1);
    expect(await page.evaluate(() => "stale" in document.documentElement.dataset)).toBe(false);
    await context.close();
  });

  it("asks again when the tab becomes visible, and only logs a failed poll", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await pausedPage(context, "/company");
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await page.route("**/builds/latest.json?t=*", (route) => route.fulfill({ status: 503, body: "down" }));
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await expect.poll(() => warnings.some((w) => w.includes("Build check: HTTP 503"))).toBe(true);
    expect(await page.evaluate(() => "stale" in document.documentElement.dataset)).toBe(false);
    expect(page.url()).toBe(shopUrl("/company"));
    await context.close();
  });
});

describe("the chunk-failure guard", () => {
  it("reloads once when an island's chunk fails, and not again for the same path within 10 seconds", async () => {
    const context = await newContext(browser, PHONE);
    await context.route("**/assets/islands/mobile-menu-*.js", (route) => route.abort("failed"));
    const page = await context.newPage();
    let loads = 0;
    page.on("request", (r) => r.isNavigationRequest() && r.url() === shopUrl("/") && loads++);
    await page.clock.install();
    await page.goto(shopUrl("/"), { waitUntil: "load" });
    expect(loads).toBe(1);

    const menu = () => page.getByRole("button", { name: "Menu", exact: true });
    // The reloaded document's own load event: until it fires, the old page may still be the one evaluated.
    const reloaded = page.waitForEvent("load");
    await menu().click();
    await expect.poll(() => loads).toBe(2);
    await reloaded;
    // The Navigation API's navigate event fires synchronously inside location.assign, and our
    // island-error listener runs after the guard's: once it has run, the guard has decided.
    const decided = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let navigations = 0;
          (window as unknown as { navigation: EventTarget }).navigation.addEventListener(
            "navigate",
            () => navigations++,
          );
          addEventListener("island-error", () => queueMicrotask(() => resolve(navigations)), { once: true });
        }),
    );
    await menu().click();
    expect(await decided).toBe(0);
    expect(loads).toBe(2);

    await page.clock.fastForward(RELOAD_GUARD_MS);
    await page.reload({ waitUntil: "load" });
    expect(loads).toBe(3);
    await menu().click();
    await expect.poll(() => loads).toBe(4);
    // The reload may still be swapping documents: ask again until the new page answers.
    const guardPaths = () =>
      page
        .evaluate(() => Object.keys(JSON.parse(sessionStorage.getItem("chunk_reload_guard") ?? "{}")))
        .catch(() => null);
    await expect.poll(guardPaths).toEqual(["/"]);
    await context.close();
  });
});

describe("visit history", () => {
  it("appends every visited path, newest last, without repeating a reload, bounded", async () => {
    const context = await newContext(browser, DESKTOP);
    const page = await context.newPage();
    await page.goto(shopUrl("/company"));
    await page.goto(shopUrl("/delivery?from=mail"));
    await page.reload();
    const history = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]"), VISIT_HISTORY_KEY);
    expect(await history()).toEqual(["/company", "/delivery?from=mail"]);

    await page.evaluate(
      ({ key, limit }) =>
        localStorage.setItem(key, JSON.stringify(Array.from({ length: limit }, (_, i) => `/old-${i}`))),
      { key: VISIT_HISTORY_KEY, limit: VISIT_HISTORY_LIMIT },
    );
    await page.goto(shopUrl("/contacts"));
    const bounded = await history();
    expect(bounded).toHaveLength(VISIT_HISTORY_LIMIT);
    expect(bounded.at(-1)).toBe("/contacts");
    expect(bounded[0]).toBe("/old-1");
    await context.close();
  });
});

/** How many <link rel=prefetch> the page has made. */
function prefetchLinks(page: Page): Promise<number> {
  return page.locator("link[rel=prefetch]").count();
}

/** Forces the <link rel=prefetch> path and optionally a connection, before any page script runs. */
/** A fetched page as the shop names it: path and query (two filters of one category are two pages). */
function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}

async function prefetchPage(context: BrowserContext, connection?: { saveData?: boolean; effectiveType?: string }) {
  await context.addInitScript((conn) => {
    HTMLScriptElement.supports = (type: string) => type === "classic" || type === "module";
    // Counts prefetch links that finished (load or error reach a capturing listener before the
    // link's own handler frees its slot); drained when every link the page made has finished.
    let finished = 0;
    const count = (event: Event) => {
      if (event.target instanceof HTMLLinkElement && event.target.rel === "prefetch") finished++;
    };
    // On the document: an element's load event never reaches the window.
    document.addEventListener("load", count, true);
    document.addEventListener("error", count, true);
    (window as unknown as { prefetchesDrained: () => boolean }).prefetchesDrained = () =>
      finished === document.querySelectorAll("link[rel=prefetch]").length;
    if (conn) Object.defineProperty(Navigator.prototype, "connection", { get: () => conn, configurable: true });
  }, connection);
  const page = await context.newPage();
  const prefetched: string[] = [];
  page.on("request", (r) => r.headers()["sec-purpose"]?.includes("prefetch") && prefetched.push(pathAndQuery(r.url())));
  return { page, prefetched };
}

describe("prefetch", () => {
  it.each([
    ["Save-Data", { saveData: true, effectiveType: "4g" }],
    ["a 2g connection", { saveData: false, effectiveType: "2g" }],
    ["a slow-2g connection", { effectiveType: "slow-2g" }],
  ])("fetches nothing ahead on %s", async (_name, connection) => {
    const context = await newContext(browser, DESKTOP);
    const { page, prefetched } = await prefetchPage(context, connection);
    await page.clock.install();
    await page.goto(shopUrl("/company"), { waitUntil: "load" });
    await page.clock.runFor(PREFETCH_DELAY_MS * 3);
    await deliveryLink(page).hover();
    // A hover prefetches synchronously in its mouseover handler: the DOM says at once whether it did.
    expect(await page.locator("link[rel=prefetch], script[type=speculationrules]").count()).toBe(0);
    expect(prefetched).toEqual([]);
    await context.close();
  });

  it("waits a second after load, then fetches pages in view at most 5 at a time, never personal pages", async () => {
    const context = await newContext(browser, DESKTOP);
    const { page, prefetched } = await prefetchPage(context);
    const held: Route[] = [];
    let releaseAll = false;
    await page.route(
      (url) => url.origin === new URL(shopUrl()).origin,
      (route) => {
        if (!route.request().headers()["sec-purpose"]?.includes("prefetch")) return route.continue();
        if (releaseAll) return route.fulfill({ status: 200, contentType: "text/html", body: "" });
        held.push(route);
      },
    );
    await pausedPage(context, "/company", page);
    await page.clock.runFor(PREFETCH_DELAY_MS - 20);
    // Timers are the fake clock's: before the delay has run out, not one link has been made.
    expect(await prefetchLinks(page)).toBe(0);
    expect(prefetched).toEqual([]);

    await page.clock.runFor(20);
    await expect.poll(() => held.length).toBe(ROUTE_PRELOAD_CONCURRENCY);
    // Only a finished prefetch frees a slot, and none has finished: the page made exactly these links.
    expect(await prefetchLinks(page)).toBe(ROUTE_PRELOAD_CONCURRENCY);

    // One finishes: exactly one more starts.
    await held[0]?.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>x</title>" });
    await expect.poll(() => held.length).toBe(ROUTE_PRELOAD_CONCURRENCY + 1);
    // The freed slot was filled in the finished link's load handler; nothing else has finished.
    expect(await prefetchLinks(page)).toBe(ROUTE_PRELOAD_CONCURRENCY + 1);

    // From here every prefetch is answered at once; wait until every link the page made has finished.
    releaseAll = true;
    for (const route of held.slice(1)) await route.fulfill({ status: 200, contentType: "text/html", body: "" });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { prefetchesDrained: () => boolean }).prefetchesDrained()))
      .toBe(true);
    expect(new Set(prefetched).size).toBe(prefetched.length);
    // Personal pages only: search results are kept public pages now (decision 0085), fine to fetch ahead.
    for (const path of prefetched) expect(path).not.toMatch(/^\/(cart|user|favorites)(\/|$)/);
    expect(prefetched).not.toContain("/company");
    await context.close();
  });

  it("fetches a hovered link ahead", async () => {
    const context = await newContext(browser, PHONE);
    const { page, prefetched } = await prefetchPage(context);
    await page.clock.install();
    await page.goto(shopUrl("/company"), { waitUntil: "load" });
    await page.clock.runFor(PREFETCH_DELAY_MS);
    const link = page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy", exact: true });
    await link.scrollIntoViewIfNeeded();
    await link.hover();
    await expect.poll(() => prefetched.includes("/privacy-policy")).toBe(true);
    await context.close();
  });

  it("uses Speculation Rules where the browser has them, allowed by the page's CSP", async () => {
    const context = await newContext(browser, DESKTOP);
    await context.addInitScript(() => {
      addEventListener("securitypolicyviolation", (e) => {
        (window as unknown as { violations: string[] }).violations ??= [];
        (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });
    const page = await context.newPage();
    const prefetched: string[] = [];
    page.on("request", (r) => r.headers()["sec-purpose"]?.includes("prefetch") && prefetched.push(r.url()));
    await page.clock.install();
    await page.goto(shopUrl("/company"), { waitUntil: "load" });
    await page.clock.runFor(PREFETCH_DELAY_MS);
    await expect.poll(() => prefetched.length).toBeGreaterThan(0);
    const rules = await page.locator("script[type=speculationrules]").count();
    expect(rules).toBeGreaterThan(0);
    expect(await page.locator("link[rel=prefetch]").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
    await context.close();
  });
});

describe("the tag manager", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ GTM_ID: "GTM-TEST123" });
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  it("is loaded only after the page has loaded, and the CSP lets it run", async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const events: string[] = [];
    await context.route("https://www.googletagmanager.com/gtm.js*", (route) => {
      events.push(`gtm ${new URL(route.request().url()).searchParams.get("id")}`);
      return route.fulfill({ contentType: "text/javascript", body: "window.gtmRan = dataLayer[0].event;" });
    });
    const page = await context.newPage();
    page.on("load", () => events.push("load"));
    await page.goto(`${shop.url}/company`, { waitUntil: "load" });
    await expect.poll(() => page.evaluate(() => (window as unknown as { gtmRan?: string }).gtmRan)).toBe("gtm.js");
    expect(events).toEqual(["load", "gtm GTM-TEST123"]);
    await context.close();
  });

  it("is not loaded when no container is configured", async () => {
    const context = await newContext(browser, DESKTOP);
    const requested: string[] = [];
    await context.route("https://www.googletagmanager.com/**", (route) => {
      requested.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(shopUrl("/company"), { waitUntil: "load" });
    // The container is added from an idle callback or timer after load: run the fake clock well past it.
    await page.clock.runFor(10_000);
    expect(await page.locator('script[src*="googletagmanager"]').count()).toBe(0);
    expect(requested).toEqual([]);
    await context.close();
  });
});
