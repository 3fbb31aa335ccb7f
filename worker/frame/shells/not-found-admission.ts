import { IsolateCache } from "../../platform/caches/isolate-cache";
import { SHELL_SECONDS } from "./shell-store";

/*
 * Which "not found" answers are kept under their own URL (issue 22, docs/decisions/0093). A crawler
 * inventing a slug per request never asks the same one twice, and keeping each of its 404s would be a
 * Cache API write (the page read back, hashed and stored: about 40% of what the answer cost in the
 * bench) for a copy nobody reads. A 404 is kept the second time this isolate answers it within a kept
 * shell's lifetime: a link that is really broken, or a bot that comes back, then answers from its copy
 * from the third ask on, while the first asks are filled from the locale's kept frame (not-found-frame.ts).
 * A CDN's "cache on second hit" does the same for the same reason.
 */

/** The 404s this isolate answered once, by shell key: a timestamp each, bounded like every isolate cache. */
const answeredOnce = new IsolateCache<true>(4_000, SHELL_SECONDS * 1000);

/** Whether the 404 under `key` is worth keeping now: true when it was answered before (and then forgotten here). */
export function admitsNotFound(key: string, now = Date.now()): boolean {
  if (answeredOnce.get(key, now)) {
    answeredOnce.delete(key);
    return true;
  }
  answeredOnce.set(key, true, now);
  return false;
}
