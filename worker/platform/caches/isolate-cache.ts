/**
 * Values kept in the isolate's memory, for the requests it serves next. An isolate serves many
 * requests at once, so only *settled* values go in, never a pending promise or anything tied to
 * one request (a stream, a response): a request that awaited another request's promise would go
 * on in that request's I/O context, and its own D1 and KV calls would fail. Two requests that
 * miss at once each load the value themselves; that is the price, and it is small.
 *
 * The isolate caches of the shop, each saying what it keys on and what makes it stale:
 *
 * | cache | where | key | stale after |
 * |---|---|---|---|
 * | the CMS's profile of a session | session/user-cache.ts | SHA-256 of the session id | 15 s (stands in 10 min when the CMS fails); sign-out and profile changes drop it |
 * | header suggestions | search/suggestions.ts | content version + the typed words | a new content version |
 * | the search index's vocabulary | search/search-vocabulary.ts | content and search versions | a new version (not held while the index is built) |
 * | a search's results | search/find-products.ts | versions, page, the vocabulary spans the words match | a new version |
 * | a locale's blog posts for search | cms-client/post-search.ts | locale, content, posts' and tags' records versions | a new version |
 * | redirect rules | redirects/redirect-middleware.ts | content version | REDIRECT_CACHE_SECONDS, or a new content version |
 * | the page-render lock (a timestamp per page: one render per page per isolate) | frame/shells/render-lock.ts | the page's shell key | released when the shell is kept, or RENDER_LOCK_MS |
 * | page frames: the 404's and search's (text and tags) | frame/shells/page-frame.ts | the frame's key | its Cache API copy's SHELL_SECONDS, or a tag moved on |
 * | 404s and frame-filled pages answered once (a timestamp each: the second answer is kept) | frame/shells/second-ask.ts | the page's shell key | SHELL_SECONDS, or kept |
 *
 * Each is bounded in entries, so a flood of distinct keys cannot exhaust the isolate's memory.
 */
export class IsolateCache<V> {
  readonly #entries = new Map<string, { value: V; storedAt: number }>();

  /** At most `maxEntries`; when full, entries older than `maxAgeMs` go first, then the oldest. */
  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {}

  /** The value and how old it is, or null; an entry past `maxAgeMs` is forgotten. */
  get(key: string, now = Date.now()): { value: V; ageMs: number } | null {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    const ageMs = now - entry.storedAt;
    // An entry from "the future" was kept under a clock that has since gone back (a test's controlled
    // clock, or a corrected one): its age means nothing, and read as negative it would never expire.
    if (ageMs < 0 || ageMs >= this.maxAgeMs) {
      this.#entries.delete(key);
      return null;
    }
    return { value: entry.value, ageMs };
  }

  set(key: string, value: V, now = Date.now()): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      for (const [k, entry] of this.#entries) {
        if (now - entry.storedAt >= this.maxAgeMs) this.#entries.delete(k);
      }
      // Map keeps insertion order: the first keys are the oldest.
      for (const k of this.#entries.keys()) {
        if (this.#entries.size < this.maxEntries) break;
        this.#entries.delete(k);
      }
    }
    this.#entries.set(key, { value, storedAt: now });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}
