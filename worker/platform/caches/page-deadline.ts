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
