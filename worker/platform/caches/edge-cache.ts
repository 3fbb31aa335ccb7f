import { log } from "../log/log";
/**
 * Whole responses kept in the Cache API of the location that served them (`caches.default`: per
 * data centre, no write limits, never replicated). What is kept here:
 *
 * | what | key | stale after | made stale by |
 * |---|---|---|---|
 * | public page shells, and a shared page's 404 for an unknown slug (frame/shells/), each with the tags of what it shows and their versions | `/__page-shell/<build>/<locale><path>?<the query the page reads, in one spelling>` (frame/shells/shell-store.ts `shellKey`, page-query.ts) | `max-age` of the kept response (SHELL_SECONDS) | a new deployment (new keys); one of its tags moving on (versions.ts, page-tags.ts): served stale while the render that follows rewrites it (frame/shells/stale-shells.ts, decisions 0084, 0086) |
 * | page frames, filled per request: the 404 page's of a locale, a search page's per set of results (frame/shells/page-frame.ts) | `/__page-frame/<kind>/<build>/<locale>/<id>` (frame/shells/shell-store.ts `frameKey`) | `max-age` (SHELL_SECONDS) | a tag its render (or a search's look-ups) noted moving on: made again on its next use |
 *
 * Nothing is purged: a key that moved on is never asked for again, a shell made stale is rewritten. A failure to read
 * counts as a miss and a failure to keep is logged: a page is rendered, never refused, because
 * this cache is down.
 */
export async function readKept(key: Request): Promise<Response | null> {
  try {
    return (await caches.default.match(key)) ?? null;
  } catch (error) {
    log.error("Reading the edge cache failed", { error });
    return null;
  }
}

/** Keeps `response` under `key`; its Cache-Control says for how long. */
export async function keep(key: Request, response: Response): Promise<void> {
  try {
    await caches.default.put(key, response);
  } catch (error) {
    log.error("Keeping a response in the edge cache failed", { error });
  }
}
