import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { routePath } from "../../../../shared/links";
import { RETRY_AFTER_SECONDS } from "../../../frame/document/render-page";
import { noteOwnChange } from "../../../frame/shells/own-changes";
import type { AppEnv } from "../../../platform/app-env";
import { accountRole, ROLE_UNKNOWN } from "../../../platform/cms-client/account-role";
import { displayName } from "../../../platform/session/session";
import { renderStaffMessage } from "./staff-page";

/**
 * Who may use the staff desk (decision 0074): a signed-in account whose users-permissions role is
 * Staff, asked of the CMS on every request (GraphQL `me { role }` with the session's token,
 * never a cached claim), so a role taken back counts from the next request. Every
 * action runs behind this too. Optionally, in production, Cloudflare Access in front of
 * /staff: with STAFF_ACCESS_AUD and STAFF_ACCESS_TEAM set, its signed assertion must verify.
 */
export const STAFF_ROLE_TYPE = "staff";

async function accessAssertionValid(c: Context<AppEnv>): Promise<boolean> {
  const audience = (c.env.STAFF_ACCESS_AUD ?? "").trim();
  const team = (c.env.STAFF_ACCESS_TEAM ?? "").trim();
  if (!audience || !team) return true;
  const assertion = c.req.header("cf-access-jwt-assertion");
  if (!assertion) return false;
  const issuer = `https://${team}.cloudflareaccess.com`;
  try {
    // Per request: jose caches the keys inside the set, and nothing made for one request outlives it.
    const keys = createRemoteJWKSet(new URL(`${issuer}/cdn-cgi/access/certs`));
    await jwtVerify(assertion, keys, { audience, issuer });
    return true;
  } catch {
    return false;
  }
}

export const staffOnly = createMiddleware<AppEnv>(async (c, next) => {
  c.header("Cache-Control", "private, no-store");
  c.header("X-Robots-Tag", "noindex, nofollow");
  c.set("noindex", true);
  const user = c.get("user");
  const token = c.get("token");
  if (!user || !token) {
    const back = c.req.method === "GET" ? c.req.path : routePath("staff");
    return c.redirect(routePath("user-login", { query: { redirect: back } }), c.req.method === "GET" ? 302 : 303);
  }
  // The answer must be about this session's user: a token is only ever checked against its own account.
  const me = await accountRole(c.env, token);
  // The CMS not answering says nothing of the role: not a refusal, a page to ask again (decision 0101).
  if (me === ROLE_UNKNOWN) {
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return renderStaffMessage(
      c,
      "The staff desk can't be opened right now",
      "The shop could not reach its content service, which says who has the Staff role. Please try again in a moment.",
      503,
    );
  }
  const role = me?.userId === user.id ? me.type : null;
  if (role !== STAFF_ROLE_TYPE || !(await accessAssertionValid(c))) {
    return renderStaffMessage(
      c,
      "This page is for the shop's staff",
      "Your account does not have the Staff role. If you work at the shop, ask the owner to give it to you, then sign in again.",
      403,
    );
  }
  c.set("staff", { id: user.id, name: displayName(user), email: user.email });
  // Staff check on the shop what they just changed: their next pages are made after it (own-changes.ts).
  if (c.req.method === "POST") noteOwnChange(c);
  await next();
});
