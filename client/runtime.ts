/**
 * The small script every page loads. It wakes the page's islands (React comes
 * only with the first island that wakes) and runs the behaviours of spec
 * sections 2, 4 and 9: the loading bar, the deployment check, the chunk-failure
 * reload guard, visit history, prefetch and the tag manager.
 */
import { startIslands } from "./islands";
import { isStale, startBuildCheck } from "./runtime/build-check";
import { startChunkReload } from "./runtime/chunk-reload";
import { startLoadingBar, startLoadingBarLifecycle } from "./runtime/loading-bar";
import { startLocaleLinks } from "./runtime/locale-links";
import { linkTarget } from "./runtime/navigation";
import { startPrefetch, stopPrefetch } from "./runtime/prefetch";
import { startTagManager } from "./runtime/tag-manager";
import { recordVisit } from "./runtime/visit-history";

function start(): void {
  // First, so a chunk that fails while islands wake is caught.
  startChunkReload();
  // Before any other click listener: what they read of a link is its localised target.
  startLocaleLinks();
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
  startTagManager();
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", start, { once: true });
} else {
  start();
}
