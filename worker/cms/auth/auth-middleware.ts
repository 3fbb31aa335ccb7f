import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { sha256, toHex } from "../../../shared/bytes";
import { authenticateBearer, type BearerResult } from "./bearer-auth";
import type { CmsHost } from "./cms-host";
import { type JsonObject, readBody, str } from "./request-body";
import { forbidden, strapiError, unauthorized } from "./strapi-errors";

/* The embedded CMS auth API's middleware: who is calling, which role may, the body read once, the rate limits. */

export type AuthApiEnv = { Bindings: Env; Variables: { host: CmsHost; bearer: BearerResult; body: JsonObject } };
export type AuthContext = Context<AuthApiEnv>;

/**
 * Every route authenticates first: a bad token is 401 even where anonymous visitors may go.
 * Scoped to this API's own paths, so other routes under /api (webhooks) are left alone.
 */
export const authenticate = createMiddleware<AuthApiEnv>(async (c, next) => {
  // With CMS_URL set, the real Strapi answers these paths, not this worker.
  if (c.env.CMS_URL) return c.notFound();
  const bearer = await authenticateBearer(c.env, c.env.DB, c.req.header("authorization"));
  if (bearer.kind === "invalid") return unauthorized(c, bearer.message);
  c.set("bearer", bearer);
  await next();
});

/** Actions of the Public role: a signed-in caller is checked against Authenticated, which lacks them. */
export const publicOnly = createMiddleware<AuthApiEnv>(async (c, next) => {
  if (c.get("bearer").kind === "user") return forbidden(c);
  await next();
});

/** Actions of the Authenticated role only. */
export const signedIn = createMiddleware<AuthApiEnv>(async (c, next) => {
  if (c.get("bearer").kind !== "user") return forbidden(c);
  await next();
});

/** Reads the body once (JSON or form) for the rate limit key and the handler. */
export const body = createMiddleware<AuthApiEnv>(async (c, next) => {
  const parsed = await readBody(c);
  if (parsed === null) return strapiError(c, 400, "ValidationError", "Invalid request body: send a JSON object");
  c.set("body", parsed);
  await next();
});

const LIMIT = { limit: 10, windowSeconds: 60 };
/** Guesses at one account, from any number of addresses. */
const IDENTIFIER_LIMIT = { action: "auth-identifier", limit: 20, windowSeconds: 600 };
/**
 * Sign-ins from one address (IPv6: one /64) across every identifier it tries: above what a crowd
 * behind one carrier address sends (600 in 10 minutes: 200 shoppers, three tries each; the
 * shop's CROWD, worker/platform/routing/limit-presets.ts), so it stops credential stuffing, not shoppers.
 */
const ADDRESS_LIMIT = { action: "auth-address", limit: 600, windowSeconds: 600 };

function tooManyRequests(c: AuthContext, retryAfter: number, limit: number): Response {
  c.header("Retry-After", String(retryAfter));
  c.header("X-RateLimit-Limit", String(limit));
  c.header("X-RateLimit-Remaining", "0");
  return strapiError(c, 429, "RateLimitError", "Too many requests, please try again later.");
}

/** What a body is about, trimmed and lower-cased so `A@x.com ` and `a@x.com` share a bucket. */
function normalised(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The one account a request is about, as the `strapi/` project keys users-permissions' limit
 * (strapi/config/plugins.js): the signed-in user (a password change), else the identifier it
 * checks (sign-in; a sign-in body's `email` is ignored by the handler, so a changing `email`
 * would otherwise open a fresh bucket per guess), else the e-mail, else the reset code's hash.
 * Keyed on Strapi's bare `email` instead, every password change and reset behind one carrier
 * address shared one bucket of 10 a minute (decision 0073: the 11th shopper was refused).
 */
async function subjectOf(c: AuthContext, sent: JsonObject, signIn: boolean): Promise<string> {
  const bearer = c.get("bearer");
  if (bearer.kind === "user") return `user:${bearer.user.id}`;
  const who = normalised(signIn ? str(sent, "identifier") : str(sent, "email"));
  if (who) return who;
  const code = str(sent, "code");
  if (code) return `code:${toHex(await sha256(code))}`;
  return "unknownIdentifier";
}

/**
 * Strapi's auth rate limit: 10 a minute per (account, path, address); see `subjectOf`. Sign-in
 * is also limited per identifier across addresses (slow guessing from many IPs) and per address
 * across identifiers (one IP trying many accounts).
 */
export const rateLimit = createMiddleware<AuthApiEnv>(async (c, next) => {
  const sent = c.get("body") ?? {};
  const path = c.req.path.toLowerCase();
  const signIn = path.endsWith("/auth/local");
  const who = await subjectOf(c, sent, signIn);
  const { clientNetwork, hitRateLimit } = c.var.host;
  const network = clientNetwork(c.req.raw.headers);
  const hit = await hitRateLimit(c.env.DB, { action: "auth", ...LIMIT }, `${who}:${path}:${network}`);
  if (!hit.allowed) return tooManyRequests(c, hit.retryAfter, LIMIT.limit);
  if (signIn) {
    const perAddress = await hitRateLimit(c.env.DB, ADDRESS_LIMIT, network);
    if (!perAddress.allowed) return tooManyRequests(c, perAddress.retryAfter, ADDRESS_LIMIT.limit);
    if (who !== "unknownIdentifier") {
      const perIdentifier = await hitRateLimit(c.env.DB, IDENTIFIER_LIMIT, who);
      if (!perIdentifier.allowed) return tooManyRequests(c, perIdentifier.retryAfter, IDENTIFIER_LIMIT.limit);
    }
  }
  c.header("X-RateLimit-Limit", String(LIMIT.limit));
  c.header("X-RateLimit-Remaining", String(hit.remaining));
  await next();
});
