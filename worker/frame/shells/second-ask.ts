import { IsolateCache } from "../../platform/caches/isolate-cache";
import { SHELL_SECONDS } from "./shell-store";

/*
 * Pages kept under their own URL only on their second ask (docs/decisions/0093): a 404, and
 * a search page filled from a frame. A crawler inventing a slug or a word per request never asks the
 * same one twice, and keeping each answer would be a Cache API write (the page read back, hashed and
 * stored: about 2 ms, a third of a new unknown slug's answer in the bench) for a copy nobody reads.
 * Such a page is kept the second time this isolate answers it within a kept shell's lifetime: a link
 * that is really broken, or a visitor who comes back, then answers from its copy from the third ask
 * on, while the first asks are filled from a kept frame (page-frame.ts). A CDN's "cache on second
 * hit" does the same for the same reason.
 */

/** The pages this isolate answered once, by shell key: a timestamp each, bounded like every isolate cache. */
const answeredOnce = new IsolateCache<true>(4_000, SHELL_SECONDS * 1000);

/** Whether the page under `key` is worth keeping now: true when it was answered before (and then forgotten here). */
export function keptOnSecondAsk(key: string, now = Date.now()): boolean {
  if (answeredOnce.get(key, now)) {
    answeredOnce.delete(key);
    return true;
  }
  answeredOnce.set(key, true, now);
  return false;
}
