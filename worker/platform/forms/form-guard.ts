/**
 * What every visitor form does before it stores anything: read the body
 * (fields and files), drop bots that fill the honeypot, limit posts per
 * visitor, and recognise the same submission sent again.
 */
import type { Context } from "hono";
import { sha256, toHex } from "../../../shared/bytes";
import { HONEYPOT_FIELD } from "../../../shared/forms/visitor-fields";
import type { AppEnv } from "../app-env";
import { hitRateLimit } from "../security/rate-limit";
import { visitorLimitSubject } from "../security/visitor-id";
import { DUPLICATE_WINDOW_SECONDS } from "./duplicate-submissions";

export type FormValue = string | File;
export type FormBody = Record<string, FormValue | FormValue[]>;

/** The posted form; a body that is not a form (or is cut off) reads as empty, which the schema then refuses. */
export async function readFormBody(c: Context<AppEnv>): Promise<FormBody> {
  try {
    const body = await c.req.parseBody({ all: true });
    const form: FormBody = {};
    for (const [key, value] of Object.entries(body)) {
      if (typeof value === "string" || value instanceof File) form[key] = value;
      else if (Array.isArray(value)) form[key] = value.filter((v) => typeof v === "string" || v instanceof File);
    }
    return form;
  } catch {
    return {};
  }
}

/** The text fields only (the first value of each), for the shared schemas. */
export function textFields(form: FormBody): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") out[key] = first;
  }
  return out;
}

/** Every value posted under one name (a multiple file input). */
export function allValues(form: FormBody, name: string): FormValue[] {
  const value = form[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function firstValue(form: FormBody, name: string): FormValue | undefined {
  return allValues(form, name)[0];
}

export function honeypotFilled(form: FormBody): boolean {
  const value = firstValue(form, HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** Islands post with fetch and ask for JSON; plain forms get a redirect or a page. */
export function wantsJson(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("application/json");
}

export interface FormLimit {
  limit: number;
  windowSeconds: number;
}

/** The form's own limit, per visitor (the account, else the visitor id); the answer says how long to wait, in seconds. */
export async function checkRateLimit(
  c: Context<AppEnv>,
  action: string,
  rule: FormLimit,
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const result = await hitRateLimit(c.env.DB, { action, ...rule }, await visitorLimitSubject(c));
  return result.allowed ? { allowed: true } : { allowed: false, retryAfter: result.retryAfter };
}

/** A hash of the submission's meaningful parts (case and spacing ignored). */
export async function fingerprint(parts: readonly (string | number | null | undefined)[]): Promise<string> {
  const normal = parts
    .map((p) =>
      String(p ?? "")
        .toLowerCase()
        .replace(/\s+/g, " ")
        .trim(),
    )
    .join("\u001f");
  return toHex(await sha256(normal));
}

/** The unique key for two copies sent at the same moment: the fingerprint and its time bucket. */
export function dedupeKey(print: string, now = Date.now()): string {
  return `${print}:${Math.floor(now / (DUPLICATE_WINDOW_SECONDS * 1000))}`;
}
