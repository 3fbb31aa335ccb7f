import type { SessionUser } from "../app-env";

/**
 * A few seconds of memory per session, so a burst of page views makes one /users/me
 * call, not one each. Keyed by the session id's SHA-256 (never the id), bounded in
 * size, and dropped on sign-out and profile changes. Whether the session is still live
 * is read from D1 on every request; only the CMS's answer is kept. It lives in the
 * isolate on purpose: it holds only settled values that the same session's holder may see.
 */
const TTL_MS = 15_000;
/**
 * How long an answer may stand in when the CMS cannot be asked (down, slow, rate-limited): the
 * session itself is live (D1 says so on every request), so its holder stays signed in with the
 * profile last seen, rather than being signed out by the CMS's hiccup.
 */
const STALE_MS = 10 * 60_000;
const MAX_ENTRIES = 500;
const entries = new Map<string, { user: SessionUser; expires: number }>();

/** The CMS's answer of the last few seconds, or null when it is older (then ask again). */
export function cachedUser(key: string, now = Date.now()): SessionUser | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expires + STALE_MS <= now) {
    entries.delete(key);
    return null;
  }
  return entry.expires > now ? entry.user : null;
}

/** The last answer within the stale window, for when asking the CMS again failed. */
export function staleUser(key: string, now = Date.now()): SessionUser | null {
  const entry = entries.get(key);
  return entry && entry.expires + STALE_MS > now ? entry.user : null;
}

export function cacheUser(key: string, user: SessionUser, now = Date.now()): void {
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, entry] of entries) {
      if (entry.expires + STALE_MS <= now || entries.size >= MAX_ENTRIES) entries.delete(k);
    }
  }
  entries.set(key, { user, expires: now + TTL_MS });
}

export function forgetUser(key: string): void {
  entries.delete(key);
}
