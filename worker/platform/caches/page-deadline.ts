import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/**
 * A kept page's deadline (decision 0120): the instant it must be made again whatever its tags' versions
 * say, because what it shows changes with the clock (a sale starts or ends). The page shell keeps it
 * beside the page (frame/shells/shell-store.ts) and a page past it is made again before it is served
 * (frame/shells/stale-shells.ts): no cron, no deploy, no staff request at that moment.
 */

/** Notes that the page being rendered for keeping must be made again by `at` (ms); the earliest noted wins. */
export function noteMadeAgainBy(c: Context<AppEnv>, at: number | null): void {
  const fate = c.get("keeping")?.fate;
  if (!fate || at === null) return;
  fate.madeAgainBy = fate.madeAgainBy === null ? at : Math.min(fate.madeAgainBy, at);
}

/**
 * Runs `work` with the deadline it notes kept apart, and says it: for a part of the page kept on its own
 * (a search page's frame, frame/shells/page-frame.ts), which carries its deadline to every page filled
 * from it. The page being rendered still gets it.
 */
export async function deadlineApart<T>(
  c: Context<AppEnv>,
  work: () => Promise<T>,
): Promise<{ value: T; madeAgainBy: number | null }> {
  const fate = c.get("keeping")?.fate;
  if (!fate) return { value: await work(), madeAgainBy: null };
  const page = fate.madeAgainBy;
  fate.madeAgainBy = null;
  let mine: number | null = null;
  try {
    const value = await work();
    mine = fate.madeAgainBy;
    return { value, madeAgainBy: mine };
  } finally {
    fate.madeAgainBy = page;
    noteMadeAgainBy(c, mine);
  }
}
