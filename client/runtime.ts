/**
 * The small script every page loads. It wakes the page's islands (React comes
 * only with the first island that wakes) and runs the behaviours of spec
 * sections 2, 4 and 9: the loading bar, the deployment check, the chunk-failure
 * reload guard, visit history, prefetch and the tag manager. Code only some pages
 * need comes when they need it: the tag manager's as a chunk of its own, and what
 * only a woken island needs with the hydrate chunk (client/hydrate.tsx). The
 * budget, 3 KB gzipped, is checked by scripts/check-budget.mjs.
 */
import { startIslands } from "./islands";
import { isStale, startBuildCheck } from "./runtime/build-check";
import { startChunkReload } from "./runtime/chunk-reload";
import { startLoadingBar, startLoadingBarLifecycle } from "./runtime/loading-bar";
import { afterLoad, linkTarget, pageNonce } from "./runtime/navigation";
import { startPrefetch, stopPrefetch } from "./runtime/prefetch";
import { recordVisit } from "./runtime/visit-history";

function start(): void {
  // First, so a chunk that fails while islands wake is caught.
  startChunkReload();
  startIslands();
  // Islands that put new server HTML in the page (the instant filter) ask for its islands to wake.
  addEventListener("islands:scan", (event) => startIslands((event as CustomEvent<ParentNode>).detail ?? document));
  recordVisit();
  startLoadingBarLifecycle();
  addEventListener("click", (event) => {
    const target = linkTarget(event);
    if (!target) return;
    startLoadingBar();
    if (isStale()) {
      // A new build is live: load the target as a plain full navigation, past anything prefetched.
      event.preventDefault();
      location.assign(target.href);
    }
  });
  startBuildCheck(stopPrefetch);
  startPrefetch();
  afterLoad(() => {
    // The tag manager is a chunk of its own, fetched only by a page that names a container. Failing
    // to fetch it (a blocker, an old deployment) costs the page its analytics, not a reload.
    if (document.querySelector('meta[name="gtm-id"]')) {
      import("./runtime/tag-manager").then((m) => m.startTagManager(pageNonce()), console.warn);
    }
  }, 0);
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start, { once: true });
} else {
  start();
}
