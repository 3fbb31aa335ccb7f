import type { Context } from "hono";
import { checkForm, type FormSchema } from "../../../shared/forms/form-result";
import type { FieldError } from "./strapi-errors";

/**
 * Reading an auth request body, and its errors in yup's words (the schemas are
 * in shared/forms/cms-auth.ts), so error messages match a real Strapi.
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

/**
 * yup's errors for a body, in Strapi's shape: the schema's first message per field
 * and, for the routes that refuse them (`noUnknown`), the keys it does not know.
 */
export function bodyErrors(schema: FormSchema, body: JsonObject, noUnknown = false): FieldError[] {
  const errors: FieldError[] = [];
  const unknown = noUnknown ? Object.keys(body).filter((key) => !Object.hasOwn(schema.entries, key)) : [];
  if (unknown.length > 0) {
    errors.push({
      path: [],
      message: `this field has unspecified keys: ${unknown.join(", ")}`,
      name: "ValidationError",
    });
  }
  const checked = checkForm(schema, body);
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.errors)) {
      if (message) errors.push({ path: [field], message, name: "ValidationError" });
    }
  }
  return errors;
}

/** A string field after bodyErrors found none (or "" when absent). */
export function str(body: JsonObject, field: string): string {
  const value = body[field];
  return typeof value === "string" ? value : "";
}
