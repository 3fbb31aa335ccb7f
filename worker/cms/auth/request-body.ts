import type { Context } from "hono";
import type { FieldError } from "./strapi-errors";

/**
 * Request-body checks in yup's words (Strapi validates auth bodies with yup,
 * `strict: true, abortEarly: false`), so error messages match a real Strapi.
 */
export type JsonObject = Record<string, unknown>;

/** The JSON or form body as an object; anything else reads as empty (so "required" messages follow). */
export async function readBody(c: Context): Promise<JsonObject | null> {
  const type = c.req.header("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await c.req.json();
      return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await c.req.parseBody();
      return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === "string"));
    }
    const raw = await c.req.text();
    return raw.trim() === "" ? {} : null;
  } catch {
    return null;
  }
}

export interface FieldRule {
  required?: boolean;
  email?: boolean;
  /** Must equal another field (yup oneOf([ref(field)], message)). */
  equals?: { field: string; message: string };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function describe(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : (JSON.stringify(value) ?? String(value));
}

/** yup's errors for a body: type, required, email, equality, and optionally unknown keys. */
export function checkBody(body: JsonObject, rules: Record<string, FieldRule>, noUnknown = false): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string[], message: string) => errors.push({ path, message, name: "ValidationError" });
  if (noUnknown) {
    const unknown = Object.keys(body).filter((key) => !(key in rules));
    if (unknown.length > 0) add([], `this field has unspecified keys: ${unknown.join(", ")}`);
  }
  for (const [field, rule] of Object.entries(rules)) {
    const value = body[field];
    if (value === undefined || value === null || value === "") {
      if (rule.required) add([field], `${field} is a required field`);
      continue;
    }
    if (typeof value !== "string") {
      add([field], `${field} must be a \`string\` type, but the final value was: \`${describe(value)}\`.`);
      continue;
    }
    if (rule.email && !EMAIL.test(value)) add([field], `${field} must be a valid email`);
    if (rule.equals && value !== body[rule.equals.field]) add([field], rule.equals.message);
  }
  return errors;
}

/** A string field after checkBody passed (or "" when absent). */
export function str(body: JsonObject, field: string): string {
  const value = body[field];
  return typeof value === "string" ? value : "";
}
