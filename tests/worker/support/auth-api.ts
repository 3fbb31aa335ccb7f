import { env } from "cloudflare:test";
import { SESSION_COOKIE, TOKEN_COOKIE } from "../../../shared/cookie-names";
import { hashOf, newSessionId, openSessionStatement } from "../../../worker/platform/session/session-store";
import { fetchWorker } from "../fetch";

/** Helpers for talking to the embedded CMS's auth API as a client of Strapi would. */
let counter = 0;

/** A fresh, unique identity per call, so tests never share accounts or rate-limit buckets. */
export function uniqueShopper(prefix = "shopper") {
  counter++;
  const tag = `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: tag, email: `${tag}@example.com`, password: "Rosewater-2024" };
}

/** A distinct client address per test, so the per-IP limits of one test don't touch another. */
export function uniqueIp(): string {
  counter++;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export interface ApiCall {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export async function api(method: string, path: string, body?: unknown, call: ApiCall = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": call.ip ?? uniqueIp(), ...call.headers };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const res = await fetchWorker(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // biome-ignore lint/suspicious/noExplicitAny: test assertions read arbitrary JSON
  return { status: res.status, headers: res.headers, body: json as any };
}

export async function register(shopper = uniqueShopper()) {
  const res = await api("POST", "/auth/local/register", shopper);
  if (res.status !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { ...shopper, jwt: res.body.jwt as string, id: res.body.user.id as number };
}

export async function setAuthSetting(key: string, value: string): Promise<void> {
  await env.DB.prepare("INSERT OR REPLACE INTO cms_auth_settings (key, value) VALUES (?1, ?2)").bind(key, value).run();
}

/** The newest outbox message to an address, and the code its link carries. */
export async function latestMail(to: string) {
  const row = await env.DB.prepare(
    "SELECT recipient, subject, body_text, kind FROM outbox WHERE recipient = ?1 ORDER BY id DESC LIMIT 1",
  )
    .bind(to)
    .first<{ recipient: string; subject: string; body_text: string; kind: string }>();
  const code = row?.body_text.match(/(?:code|confirmation)=([0-9a-f]+)/)?.[1] ?? null;
  return { row, code };
}

/** Asserts Strapi's error envelope: `{ data: null, error: { status, name, message, details } }`. */
export function expectStrapiError(
  res: { status: number; body: { data: unknown; error: Record<string, unknown> } },
  status: number,
  name: string,
  message: string,
): void {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  const { data, error } = res.body;
  if (data !== null || error?.status !== status || error?.name !== name || error?.message !== message) {
    throw new Error(`expected ${status} ${name} "${message}", got ${JSON.stringify(res.body)}`);
  }
  if (typeof error.details !== "object" || error.details === null) throw new Error("error.details must be an object");
}

/**
 * The two session cookies for an account's token, with a session opened straight in D1, as
 * the shop's sign-in opens one (docs/decisions/0072): for tests that need a signed-in browser
 * whose user nobody has looked up yet. Sessions opened through the shop's own form are in
 * Browser-based tests.
 */
export async function openSessionFor(account: { id: number; jwt: string }): Promise<Record<string, string>> {
  const sessionId = newSessionId();
  await openSessionStatement(env.DB, {
    idHash: await hashOf(sessionId),
    userId: account.id,
    tokenHash: await hashOf(account.jwt),
    now: Date.now(),
    lifetimeMs: 60 * 60 * 1000,
  }).run();
  return { [TOKEN_COOKIE]: account.jwt, [SESSION_COOKIE]: sessionId };
}

/** The same, as a Cookie header value. */
export async function sessionCookieHeader(account: { id: number; jwt: string }): Promise<string> {
  return Object.entries(await openSessionFor(account))
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}
