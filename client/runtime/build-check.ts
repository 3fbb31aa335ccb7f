/**
 * Deployment detection (spec section 4): ask which build is live on an interval
 * and whenever the tab becomes visible again. When it differs from the build
 * this page was rendered by (<html data-build>) and was uploaded after it (data-build-time; never back to an
 * older version during a gradual rollout: shared/build-order.ts, decision 0111), the page is stale: the caller
 * turns the next navigation into a plain full load and stops prefetching, and
 * a page restored from the back-forward cache reloads. A failed poll is only logged.
 */
import { type BuildStamp, isNewerBuild } from "../../shared/build-order";
import { BUILD_CHECK_INTERVAL_MS } from "../../shared/constants";

let stale = false;

export function isStale(): boolean {
  return stale;
}

async function check(onStale: () => void): Promise<void> {
  try {
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) throw new Error(`Build check: HTTP ${response.status}`);
    const page = document.documentElement.dataset;
    if (!stale && isNewerBuild(page, (await response.json()) as BuildStamp)) {
      stale = true;
      page.stale = "";
      onStale();
    }
  } catch (error) {
    console.warn(error);
  }
}

export function startBuildCheck(onStale: () => void): void {
  setInterval(() => check(onStale), BUILD_CHECK_INTERVAL_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void check(onStale);
  });
  addEventListener("pageshow", (event) => {
    if (event.persisted) void check(onStale).then(() => stale && location.reload());
  });
}
