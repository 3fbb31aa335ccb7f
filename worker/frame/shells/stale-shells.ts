import type { Context } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { tagVersions, UNKNOWN_VERSION } from "../../platform/caches/versions";
import { claimRender, waitForRender } from "./render-lock";
import { matchShell, SHELL_SECONDS, type StoredShell } from "./shell-store";

/*
 * Stale while revalidate for page shells (docs/decisions/0084-stale-shells.md, 0086). A shell is
 * kept under one key (build, locale, page) with the tags of what it shows and their versions then.
 * When one of those versions has moved on, the shell is served at once as stale while one request
 * renders the new one in the background; a shell whose versions all stand is a hit.
 */

/** A shell made longer ago than this is not served stale: no page is older than a kept shell may be. */
export const STALE_MS = SHELL_SECONDS * 1000;

/** Whether a shell made at `madeAt` may still be served stale at `now`: made less than STALE_MS ago. */
export function servableStale(madeAt: number, now = Date.now()): boolean {
  return madeAt > 0 && madeAt <= now && now - madeAt < STALE_MS;
}

/** Whether the clock has passed the time the shell must be made again by (a sale's start or end, decision 0120). */
export function outlived(shell: Pick<StoredShell, "madeAgainBy">, now = Date.now()): boolean {
  return shell.madeAgainBy !== null && now >= shell.madeAgainBy;
}

/**
 * Whether every tag the shell was made under still has that version (one bulk KV read of its
 * tags), and the clock has not passed its time to be made again. A version KV could not read counts
 * as unchanged; a shell that kept no tags is never current.
 */
export async function isCurrent(c: Context<AppEnv>, shell: StoredShell): Promise<boolean> {
  const stands = await tagsStand(c, shell.tags);
  return stands && !outlived(shell);
}

/** Whether every tag still has the version it was kept under (isCurrent, for anything kept with tags). */
export async function tagsStand(c: Context<AppEnv>, tags: ReadonlyMap<string, string>): Promise<boolean> {
  if (tags.size === 0) return false;
  const now = await tagVersions(c, [...tags.keys()]);
  for (const [tag, version] of tags) {
    const current = now.get(tag);
    if (current !== version && current !== UNKNOWN_VERSION) return false;
  }
  return true;
}

export type FoundShell =
  /** Kept, and nothing it shows has changed. */
  | { state: "hit"; shell: StoredShell }
  /** Something it shows has changed; `refresh` when this request took the render (the caller renders in the background). */
  | { state: "stale"; shell: StoredShell; refresh: boolean }
  /** Nothing to serve: this request renders the page (and holds the render lock when it could take it). */
  | { state: "miss" };

/**
 * A page's shell for this request: its kept shell when current, else served stale (when
 * `mayServeStale`, and it was kept after `ownChangeAt`, this browser's last change to what pages show), else, while another request of this isolate renders it, the one that request keeps.
 */
export async function findShell(
  c: Context<AppEnv>,
  key: Request,
  mayServeStale: boolean,
  ownChangeAt: number | null = null,
): Promise<FoundShell> {
  const kept = await matchShell(key);
  if (kept) {
    if (await isCurrent(c, kept)) return { state: "hit", shell: kept };
    // A page past its time shows a sale that has ended or misses one that began: never served (decision 0120).
    // Nor is a copy kept before this browser's own change to what pages show (own-changes.ts).
    const beforeOwnChange = ownChangeAt !== null && kept.madeAt <= ownChangeAt;
    if (mayServeStale && servableStale(kept.madeAt) && !outlived(kept) && !beforeOwnChange) {
      return { state: "stale", shell: kept, refresh: claimRender(key.url) };
    }
    await kept.body?.cancel();
  }
  if (claimRender(key.url)) return { state: "miss" };
  const made = await waitForRender(key.url, async () => {
    const shell = await matchShell(key);
    if (shell && (await isCurrent(c, shell))) return shell;
    await shell?.body?.cancel();
    return null;
  });
  if (made) return { state: "hit", shell: made };
  // The other render kept nothing (or is lost): this one renders, and holds the lock if it is free.
  claimRender(key.url);
  return { state: "miss" };
}
