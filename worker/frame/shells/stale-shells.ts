import { claimRender, waitForRender } from "./render-lock";
import { matchShell, SHELL_SECONDS, type StoredShell } from "./shell-store";

/*
 * Stale while revalidate for page shells (docs/decisions/0084-stale-shells.md). Every shell is
 * kept twice: under its own key (build, content and stock versions, locale, page) and as the
 * page's latest copy, under the same key without the two versions. When the versions move on,
 * the page's own key misses; its latest copy, made for the versions before, is served at once
 * while one request renders the new shell in the background.
 */

/** A latest copy older than this is not served: no page is older than a kept shell may be today. */
export const STALE_MS = SHELL_SECONDS * 1000;

/** The versions a shell is made for, as kept beside it. */
export function versionsLabel(versions: { content: string; stock: string }): string {
  return `${versions.content}/${versions.stock}`;
}

/**
 * The page's latest-copy key: its shell key (shell-key.ts: `/__page-shell/<build>/<content>/<stock>/…`)
 * with the two versions taken out. Null when the key is not of that shape: no stale copy then,
 * rather than a wrong one.
 */
export function latestKey(key: Request, versions: { content: string; stock: string }): Request | null {
  const url = new URL(key.url);
  const parts = url.pathname.split("/");
  const [, prefix, build, content, stock] = parts;
  if (prefix !== "__page-shell" || !build) return null;
  if (content !== encodeURIComponent(versions.content) || stock !== encodeURIComponent(versions.stock)) return null;
  url.pathname = ["", "__page-latest", build, ...parts.slice(5)].join("/");
  return new Request(url.toString());
}

/** Whether a latest copy made at `madeAt` may still be served at `now`: made less than STALE_MS ago. */
export function servableStale(madeAt: number, now = Date.now()): boolean {
  return madeAt > 0 && madeAt <= now && now - madeAt < STALE_MS;
}

export type FoundShell =
  /** Kept for these versions. */
  | { state: "hit"; shell: StoredShell }
  /** Made for older versions; `refresh` when this request took the render (the caller renders in the background). */
  | { state: "stale"; shell: StoredShell; refresh: boolean }
  /** Nothing to serve: this request renders the page (and holds the render lock when it could take it). */
  | { state: "miss" };

/**
 * A page's shell for this request: its own, else its latest copy (stale, when `mayServeStale`),
 * else, while another request of this isolate renders it, the one that request keeps.
 */
export async function findShell(
  key: Request,
  versions: { content: string; stock: string },
  mayServeStale: boolean,
): Promise<FoundShell> {
  const own = await matchShell(key);
  if (own) return { state: "hit", shell: own };
  const latest = mayServeStale ? latestKey(key, versions) : null;
  const copy = latest ? await matchShell(latest) : null;
  if (copy && servableStale(copy.madeAt)) {
    // Its own key was lost (evicted) but the latest copy is of these very versions: as good as a hit.
    if (copy.versions === versionsLabel(versions)) return { state: "hit", shell: copy };
    return { state: "stale", shell: copy, refresh: claimRender(key.url) };
  }
  if (claimRender(key.url)) return { state: "miss" };
  const kept = await waitForRender(key.url, () => matchShell(key));
  if (kept) return { state: "hit", shell: kept };
  // The other render kept nothing (or is lost): this one renders, and holds the lock if it is free.
  claimRender(key.url);
  return { state: "miss" };
}
