import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Strapi v4's REST error envelope: `{ data: null, error: { status, name, message, details } }`.
 * Names and default messages follow @strapi/utils' error classes and http-errors.
 */
export type StrapiErrorName =
  | "ApplicationError"
  | "ValidationError"
  | "UnauthorizedError"
  | "ForbiddenError"
  | "NotFoundError"
  | "PayloadTooLargeError"
  | "RateLimitError"
  | "InternalServerError";

export interface FieldError {
  path: string[];
  message: string;
  name: "ValidationError";
}

export interface StrapiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details?: Record<string, unknown> };
}

export function strapiError(
  c: Context,
  status: ContentfulStatusCode,
  name: StrapiErrorName,
  message: string,
  details: Record<string, unknown> = {},
): Response {
  const body: StrapiErrorBody = { data: null, error: { status, name, message, details } };
  return c.json(body, status);
}

/** yup's report for several failing fields: "N errors occurred", or the one message. */
export function validationError(c: Context, errors: FieldError[]): Response {
  const message = errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`;
  return strapiError(c, 400, "ValidationError", message, { errors });
}

export const applicationError = (c: Context, message: string) => strapiError(c, 400, "ApplicationError", message);
export const unauthorized = (c: Context, message = "Missing or invalid credentials") =>
  strapiError(c, 401, "UnauthorizedError", message);
export const forbidden = (c: Context) => strapiError(c, 403, "ForbiddenError", "Forbidden");
