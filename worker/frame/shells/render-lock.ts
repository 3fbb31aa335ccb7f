import { IsolateCache } from "../../platform/caches/isolate-cache";

/**
 * One render per page per isolate (docs/decisions/0084-stale-shells.md). When a page's shell
 * is missing, the first request to notice claims its key here and renders it; the others in
 * the same isolate serve the stale copy, or wait for the kept one (waitForShell).
 *
 * What the lock holds is a number: when the claim was made. No promise, no stream, nothing
 * made while serving the request that claimed it (the rule of caches/isolate-cache.ts): a
 * waiter never awaits another request's work, it looks at this settled timestamp with its own
 * timers and reads the Cache API itself.
 */

/** A claim older than this is taken for lost (its render hung or its isolate's work was cut) and may be claimed again. */
export const RENDER_LOCK_MS = 5_000;

/** How often a waiter looks again. */
const POLL_MS = 10;

/** Bounded like every isolate cache: a flood of distinct pages cannot exhaust memory. */
const claims = new IsolateCache<true>(2_000, RENDER_LOCK_MS);

/** Claims `key` for this request's render; false when another request of this isolate holds a live claim. */
export function claimRender(key: string, now = Date.now()): boolean {
  if (claims.get(key, now)) return false;
  claims.set(key, true, now);
  return true;
}

/** Whether a live claim on `key` is held. */
export function renderClaimed(key: string, now = Date.now()): boolean {
  return claims.get(key, now) !== null;
}

/** The render of `key` settled (kept, or not to be kept): waiters may look in the cache now. */
export function releaseRender(key: string): void {
  claims.delete(key);
}

/**
 * Waits while another request of this isolate renders `key`, then asks `lookup` once (the
 * Cache API). Null when the claim was released with nothing kept or it outlived RENDER_LOCK_MS:
 * the caller then renders the page itself.
 */
export async function waitForRender<T>(key: string, lookup: () => Promise<T | null>): Promise<T | null> {
  // Bounded on its own too: claims taken one after another must not keep a shopper waiting.
  const deadline = Date.now() + RENDER_LOCK_MS;
  while (renderClaimed(key) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  return lookup();
}
