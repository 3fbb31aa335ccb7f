import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser, SignInHook } from "../app-env";
import { isRevoked, revokeToken } from "../security/revoked-tokens";
import { authClient, CmsAuthError, type CmsUser } from "./auth-client";
import { clearToken, readToken, storeToken } from "./session-cookie";
import { runSignInHooks } from "./sign-in-hooks";
import { cachedUser, cacheUser, forgetUser, tokenKey } from "./user-cache";

/**
 * The session of spec section 4: no token, anonymous; a token, the user from
 * /users/me (resolved once per request, cached briefly per token); a failed
 * /users/me clears the token. Sign-in (login, registration, reset, provider)
 * clears the old token, stores the new one, then loads the user.
 */
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

async function loadUser(c: Context<AppEnv>, token: string): Promise<SessionUser> {
  const key = await tokenKey(token);
  const cached = cachedUser(key);
  if (cached) return cached;
  // A real Strapi accepts a signed-out token until it expires: the storefront refuses it.
  // (The embedded CMS checks the same list itself.) Checked on each cache miss, so another
  // isolate's cached copy outlives a sign-out by at most the cache's 15 seconds.
  if (c.env.CMS_URL && (await isRevoked(c.env.DB, token))) {
    throw new CmsAuthError({
      data: null,
      error: { status: 401, name: "UnauthorizedError", message: "Missing or invalid credentials", details: {} },
    });
  }
  const user = toSessionUser(await authClient(c).me(token));
  cacheUser(key, user);
  return user;
}

/** Paths that never need the shopper: the CMS API itself and the build manifest. */
const SKIP = /^\/(api|builds)(\/|$)/;

/** The session middleware; `onSignIn` is what else happens at sign-in (assembled in worker/index.ts). */
export const session = ({ onSignIn }: { onSignIn: readonly SignInHook[] }) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("signInHooks", onSignIn);
    c.set("user", null);
    c.set("token", null);
    const token = readToken(c);
    if (token && !SKIP.test(c.req.path)) {
      try {
        c.set("user", await loadUser(c, token));
        c.set("token", token);
      } catch (error) {
        if (!(error instanceof CmsAuthError) || error.status >= 500)
          console.error("Loading the session user failed:", error);
        clearToken(c);
      }
    }
    await next();
  });

/** Starts a session with a token the CMS just issued; runs the sign-in hooks. */
export async function signIn(c: Context<AppEnv>, jwt: string): Promise<SessionUser> {
  await forgetSession(c);
  storeToken(c, jwt);
  try {
    const user = await loadUser(c, jwt);
    c.set("user", user);
    await runSignInHooks(c, user);
    return user;
  } catch (error) {
    clearToken(c);
    throw error;
  }
}

/** Drops this request's token and user and their cache entry (the cookie is replaced or cleared by the caller). */
async function forgetSession(c: Context<AppEnv>): Promise<void> {
  const token = c.get("token") ?? readToken(c);
  if (token) forgetUser(await tokenKey(token));
  c.set("token", null);
  c.set("user", null);
}

/**
 * Ends the session: the cookie and the cached user are gone, and the token is revoked, so a
 * copy of it (another device, a stolen cookie) no longer signs anyone in. JWTs are stateless
 * and Strapi has no sign-out route, so the revocation list in D1 is what ends it.
 */
export async function signOut(c: Context<AppEnv>): Promise<void> {
  const token = c.get("token") ?? readToken(c);
  if (token) await revokeToken(c.env.DB, token);
  await forgetSession(c);
  clearToken(c);
}

/** After a password change: the old token ends (a real Strapi would keep it valid). */
export async function retireToken(c: Context<AppEnv>, token: string): Promise<void> {
  await revokeToken(c.env.DB, token);
  forgetUser(await tokenKey(token));
}

/**
 * Before a login, registration, reset or provider call: the old token is not
 * sent and no longer counts (a valid token on those routes gets 403 from Strapi).
 * The cookie itself is replaced on success and cleared on failure.
 */
export async function dropTokenForSignIn(c: Context<AppEnv>): Promise<void> {
  await forgetSession(c);
}

/** After the shopper changed their profile: the next read comes from the CMS. */
export async function refreshSessionUser(c: Context<AppEnv>, user: CmsUser): Promise<SessionUser> {
  const fresh = toSessionUser(user);
  const token = c.get("token");
  if (token) cacheUser(await tokenKey(token), fresh);
  c.set("user", fresh);
  return fresh;
}
