import type { SessionUser } from "../app-env";
import { IsolateCache } from "../caches/isolate-cache";

/**
 * A few seconds of memory per session, so a burst of page views makes one /users/me
 * call, not one each. Keyed by the session id's SHA-256 (never the id), bounded in
 * size, and dropped on sign-out and profile changes. Whether the session is still live
 * is read from D1 on every request; only the CMS's answer is kept. It lives in the
 * isolate on purpose (caches/isolate-cache.ts): it holds only settled values that the
 * same session's holder may see.
 */
const TTL_MS = 15_000;
/**
 * How long an answer may stand in when the CMS cannot be asked (down, slow, rate-limited): the
 * session itself is live (D1 says so on every request), so its holder stays signed in with the
 * profile last seen, rather than being signed out by the CMS's hiccup.
 */
const STALE_MS = 10 * 60_000;
const MAX_ENTRIES = 500;
const answers = new IsolateCache<SessionUser>(MAX_ENTRIES, TTL_MS + STALE_MS);

/** The CMS's answer of the last few seconds, or null when it is older (then ask again). */
export function cachedUser(key: string, now = Date.now()): SessionUser | null {
  const kept = answers.get(key, now);
  return kept && kept.ageMs < TTL_MS ? kept.value : null;
}

/** The last answer within the stale window, for when asking the CMS again failed. */
export function staleUser(key: string, now = Date.now()): SessionUser | null {
  return answers.get(key, now)?.value ?? null;
}

export function cacheUser(key: string, user: SessionUser, now = Date.now()): void {
  answers.set(key, user, now);
}

export function forgetUser(key: string): void {
  answers.delete(key);
}
