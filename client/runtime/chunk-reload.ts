/**
 * A code chunk that fails to load (usually a page from an older deployment
 * asking for a chunk that is gone) reloads the page, at most once per
 * RELOAD_GUARD_MS for the same path (spec section 8). The guard lives in
 * sessionStorage so it survives the reload; without storage there is no reload,
 * so this can never loop.
 */
import { RELOAD_GUARD_KEY, RELOAD_GUARD_MS } from "../../shared/constants";

const IMPORT_FAILURE = /dynamically imported module|module script failed/i;

/** Reloads to `path` unless that was done less than RELOAD_GUARD_MS ago; true when it reloads. */
export function reloadOnce(path = location.pathname + location.search): boolean {
  const now = Date.now();
  try {
    const guard = JSON.parse(sessionStorage.getItem(RELOAD_GUARD_KEY) || "{}") as Record<string, number>;
    for (const key in guard) if (!(now - guard[key] < RELOAD_GUARD_MS && now >= guard[key])) delete guard[key];
    if (guard[path]) return false;
    guard[path] = now;
    sessionStorage.setItem(RELOAD_GUARD_KEY, JSON.stringify(guard));
  } catch {
    return false;
  }
  // Pages are served must-revalidate or no-store, so this fetches the page afresh.
  location.assign(path);
  return true;
}

export function startChunkReload(): void {
  addEventListener("island-error", () => reloadOnce());
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason as { message?: unknown } | undefined;
    if (IMPORT_FAILURE.test(String(reason?.message ?? reason))) reloadOnce();
  });
}
