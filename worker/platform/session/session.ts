import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { TOKEN_COOKIE_MAX_AGE } from "../../../shared/constants";
import type { AppEnv, SessionUser, ShopperCounts, SignInHook } from "../app-env";
import { type CountRow, countsOf, knownShopperCounts, sessionCountsStatement } from "../bag/shopper-counts";
import { log } from "../log/log";
import { routeSpec } from "../routing/route-spec";
import { timingSafeEqual } from "../security/crypto";
import { type AuthAnswer, authClient, CmsAuthError, type CmsUser } from "./auth-client";
import {
  clearSessionCookies,
  hasSessionCookies,
  readSessionId,
  readToken,
  storeSessionCookies,
} from "./session-cookie";
import {
  endSession,
  endUserSessionsStatement,
  findLiveSession,
  hashOf,
  type LiveSession,
  liveSessionStatement,
  newSessionId,
  openSessionStatement,
  readLiveSession,
} from "./session-store";
import { SessionUserUnknown } from "./session-user-unknown";
import { runSignInHooks } from "./sign-in-hooks";
import { cachedUser, cacheUser, forgetUser, staleUser } from "./user-cache";

/**
 * The session of spec section 4, kept by the shop itself (docs/decisions/0072). A browser is
 * signed in when it holds the CMS token (`strapi_jwt`) *and* the id of a live session opened
 * with that token (`__Host-session`). The session, not the token, is what begins and ends:
 * a CMS token is a function of (user, second), so two sign-ins in one second share a token,
 * and ending "the token" could end the session that has just begun. On every request the
 * session row is read from D1 (so an ended session is over at once, in every isolate), and
 * the user comes from /users/me (cached a few seconds per session); the CMS's refusal of the
 * token signs the browser out (spec section 4). When the CMS cannot answer, it is asked once
 * more, then the profile last seen stands in, else the request is a 503 (decision 0135).
 */
const SESSION_LIFETIME_MS = TOKEN_COOKIE_MAX_AGE * 1000;

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

export function toSessionUser(user: CmsUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    confirmed: user.confirmed !== false,
    firstName: text(user.firstName),
    lastName: text(user.lastName),
    phone: text(user.phone),
    address: text(user.address),
    city: text(user.city),
    country: text(user.country),
    postcode: text(user.postcode),
  };
}

/** What the header and greetings call the shopper. */
export function displayName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
}

function invalidCredentials(): CmsAuthError {
  return new CmsAuthError({
    data: null,
    error: { status: 401, name: "UnauthorizedError", message: "Missing or invalid credentials", details: {} },
  });
}

/** The session's user from the CMS (or the few-seconds cache), checked to be the session's own. */
async function loadUser(c: Context<AppEnv>, idHash: string, token: string, userId: number): Promise<SessionUser> {
  const cached = cachedUser(idHash);
  if (cached) return cached;
  const user = toSessionUser(await authClient(c).me(token));
  if (user.id !== userId) throw invalidCredentials();
  cacheUser(idHash, user);
  return user;
}

/**
 * loadUser, asked once more when the CMS gave no answer (down, slow, rate-limited; spec section 8's
 * one retry of a read): a hiccup costs one more call, not the shopper's page. A refusal is final.
 */
async function loadUserTwice(c: Context<AppEnv>, idHash: string, token: string, userId: number): Promise<SessionUser> {
  try {
    return await loadUser(c, idHash, token, userId);
  } catch (error) {
    if (cmsRefusedToken(error)) throw error;
    log.warn("Loading the session user failed; asking once more", { error });
    return loadUser(c, idHash, token, userId);
  }
}

/**
 * The browser's session, when both cookies are there and the session is live; else the cookies go.
 * `needsUser`: false on a route that only ends the session (sign-out), which goes on without its user.
 */
async function resumeSession(c: Context<AppEnv>, needsUser: boolean): Promise<void> {
  const token = readToken(c);
  const sessionId = readSessionId(c);
  if (!token || !sessionId) {
    // One without the other (a token from before sessions, a cookie copied alone) is no session.
    if (hasSessionCookies(c)) clearSessionCookies(c);
    return;
  }
  const idHash = await hashOf(sessionId);
  const { live, counts } = await checkSession(c, idHash);
  if (!live || !timingSafeEqual(live.tokenHash, await hashOf(token))) {
    clearSessionCookies(c);
    return;
  }
  if (counts) knownShopperCounts(c, { kind: "user", id: String(live.userId) }, counts);
  let user: SessionUser | null;
  try {
    user = await loadUserTwice(c, idHash, token, live.userId);
  } catch (error) {
    if (cmsRefusedToken(error)) {
      // The CMS says the token is no good (expired, user blocked or gone): the session is over.
      clearSessionCookies(c);
      return;
    }
    // The CMS could not answer twice (down, slow, rate-limited): the session is live in D1, so it is
    // not ended for that. The profile last seen stands in; without one, the request is a 503 with the
    // cookies kept (decision 0135): a signed-in shopper is never served as a visitor. The next asks again.
    log.error("Loading the session user failed", { error });
    user = staleUser(idHash);
    if (!user) {
      if (needsUser) throw new SessionUserUnknown(error);
      return;
    }
  }
  c.set("user", user);
  c.set("token", token);
  c.set("sessionIdHash", idHash);
}

/**
 * The session row, on the primary (an ended session is over at once), and for a page the account's
 * counts for its header in the same batch: a signed-in page costs one round trip (docs/decisions/0100).
 * A state-changing request reads its counts after its own change instead.
 */
async function checkSession(
  c: Context<AppEnv>,
  idHash: string,
): Promise<{ live: LiveSession | null; counts: ShopperCounts | null }> {
  const db = c.env.DB;
  const now = Date.now();
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    return { live: await findLiveSession(db, idHash, now), counts: null };
  }
  const [session, counts] = await db.batch([
    liveSessionStatement(db, idHash, now),
    sessionCountsStatement(db, idHash, now),
  ]);
  return { live: readLiveSession(session), counts: countsOf((counts?.results ?? []) as CountRow[]) };
}

/** A 401 or 403 from the CMS about the token; anything else (5xx, 429, no answer) is the CMS's trouble. */
function cmsRefusedToken(error: unknown): boolean {
  return error instanceof CmsAuthError && (error.status === 401 || error.status === 403);
}

/** The session middleware; `onSignIn` is what else happens at sign-in (assembled in worker/index.ts). */
export const session = ({ onSignIn }: { onSignIn: readonly SignInHook[] }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("signInHooks", onSignIn);
    c.set("user", null);
    c.set("token", null);
    c.set("sessionIdHash", null);
    // Routes whose row says `session: "none"` never need the shopper (services, the CMS's API, the build manifest).
    const spec = routeSpec(c)?.session;
    if (spec !== "none") await resumeSession(c, spec !== "leave");
    await next();
  });

/** The hash of this browser's session id: the live one of this request, else the cookie's. */
async function browserSessionHash(c: Context<AppEnv>): Promise<string | null> {
  const live = c.get("sessionIdHash");
  if (live) return live;
  const id = readSessionId(c);
  return id ? hashOf(id) : null;
}

/** This browser's session ends (its row, its cached user); the cookies are left to the caller. */
async function endBrowserSession(c: Context<AppEnv>): Promise<void> {
  const idHash = await browserSessionHash(c);
  if (idHash) {
    await endSession(c.env.DB, idHash, Date.now());
    forgetUser(idHash);
  }
  c.set("token", null);
  c.set("user", null);
  c.set("sessionIdHash", null);
}

/**
 * Opens a session on a token the CMS just issued: a new random id, its row, both cookies, and
 * the user from /users/me. With `endOtherSessions` (a password change or reset) every other
 * session of the account ends in the same batch that opens this one.
 */
export async function startSession(
  c: Context<AppEnv>,
  answer: AuthAnswer,
  { endOtherSessions = false }: { endOtherSessions?: boolean } = {},
): Promise<SessionUser> {
  if (!answer.jwt) throw new Error("The CMS signed in without a token");
  const db = c.env.DB;
  const now = Date.now();
  const sessionId = newSessionId();
  const idHash = await hashOf(sessionId);
  const opening = openSessionStatement(db, {
    idHash,
    userId: answer.user.id,
    tokenHash: await hashOf(answer.jwt),
    now,
    lifetimeMs: SESSION_LIFETIME_MS,
  });
  await db.batch(endOtherSessions ? [endUserSessionsStatement(db, answer.user.id, now), opening] : [opening]);
  storeSessionCookies(c, answer.jwt, sessionId);
  try {
    const user = await loadUserTwice(c, idHash, answer.jwt, answer.user.id);
    c.set("user", user);
    c.set("sessionIdHash", idHash);
    return user;
  } catch (error) {
    await endSession(db, idHash, Date.now());
    clearSessionCookies(c);
    throw error;
  }
}

/**
 * Before a login, registration, reset or provider call: the browser's current session (if any)
 * ends, whoever signs in next. The cookies are replaced on success or cleared on failure.
 */
export async function leaveSessionForSignIn(c: Context<AppEnv>): Promise<void> {
  await endBrowserSession(c);
}

/** A sign-in (login, registration, reset, provider): a new session, then the sign-in hooks. */
export async function signIn(
  c: Context<AppEnv>,
  answer: AuthAnswer,
  options?: { endOtherSessions?: boolean },
): Promise<SessionUser> {
  const user = await startSession(c, answer, options);
  await runSignInHooks(c, user);
  return user;
}

/** A sign-in that failed: whatever session cookies the browser sent go. */
export function signInFailed(c: Context<AppEnv>): void {
  if (hasSessionCookies(c)) clearSessionCookies(c);
}

/**
 * Ends the session: its row (so a copy of both cookies, on another device or stolen, signs no
 * one in), the cached user, and the cookies. Other sessions of the account go on.
 */
export async function signOut(c: Context<AppEnv>): Promise<void> {
  await endBrowserSession(c);
  clearSessionCookies(c);
}

/** After the shopper changed their profile: the next read comes from the CMS. */
export async function refreshSessionUser(c: Context<AppEnv>, user: CmsUser): Promise<SessionUser> {
  const fresh = toSessionUser(user);
  const idHash = c.get("sessionIdHash");
  if (idHash) cacheUser(idHash, fresh);
  c.set("user", fresh);
  return fresh;
}
