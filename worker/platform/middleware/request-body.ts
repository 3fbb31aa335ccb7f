import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { maxUploadBytes } from "../../../shared/upload-limit";
import type { AppEnv } from "../app-env";
import { type WriteSpec, writeSpec } from "../routing/route-spec";

/**
 * The one place request bodies are bounded, checked and finished with. It runs first,
 * around everything else, so:
 * - a body past its route's limit is refused with 413 before it is read whole
 *   (Content-Length up front; a counted stream when it is absent). Not Hono's bodyLimit:
 *   it keeps the stream's reader locked when it refuses, so the rest of the body could
 *   not be discarded and the connection would be lost;
 * - a form body is parsed once here, so a malformed one is a 400 with a message instead
 *   of an exception in whichever handler or guard reads it first (Hono caches the parse);
 *   a form with too many parts or files is refused;
 * - whatever answers early (403, 401, 429, a CSRF refusal) leaves no unread body behind:
 *   a keep-alive connection with an unread request body can't carry the next request,
 *   so the runtime resets it and the client's *next* request fails.
 */
const DRAIN_MAX_BYTES = 1024 * 1024;

/** Bytes a non-upload body may have. Forms are a few fields; JSON is a sign-in or a query. */
export const FORM_MAX_BYTES = 16 * 1024;
export const JSON_MAX_BYTES = 64 * 1024;
/** Stripe's events are well under this; the CMS webhook sends one entry. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;
/** Multipart boundaries, headers and the text fields next to the files. */
export const UPLOAD_MARGIN_BYTES = 64 * 1024;
/** Parts (fields and files) a form may have at all. */
export const MAX_FORM_PARTS = 100;

/** The largest body the route's row lets through (a path without a row: a form's). */
export function maxBodyBytes(spec: WriteSpec | null, uploadMaxBytes: number): number {
  switch (spec?.body) {
    case "upload":
      return spec.files * uploadMaxBytes + UPLOAD_MARGIN_BYTES;
    case "json":
      return JSON_MAX_BYTES;
    case "webhook":
      return WEBHOOK_MAX_BYTES;
    default:
      return FORM_MAX_BYTES;
  }
}

function isForm(c: Context): boolean {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "multipart/form-data" || type === "application/x-www-form-urlencoded";
}

function kilobytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** A refusal in the shape the caller reads: Strapi's envelope under /api, JSON for scripts, else text. */
export function bodyRefusal(c: Context, status: 400 | 413, message: string): Response {
  if (c.req.path.startsWith("/api/") || c.req.path === "/graphql") {
    const name = status === 413 ? "PayloadTooLargeError" : "ValidationError";
    return c.json({ data: null, error: { status, name, message, details: {} } }, status);
  }
  if ((c.req.header("accept") ?? "").includes("application/json")) return c.json({ ok: false, message }, status);
  return c.text(message, status);
}

function tooLargeMessage(policy: WriteSpec | null, limit: number): string {
  return policy?.body === "upload"
    ? `The files are too large to send (at most ${kilobytes(limit)} in all). Choose smaller files and try again.`
    : `This request is too large to send (at most ${kilobytes(limit)}). Shorten the text and try again.`;
}

/** Reads and throws away what is left of a reader's body, up to a bound; past it, the stream is cancelled. */
async function drainReader(reader: ReadableStreamDefaultReader<Uint8Array>, max: number): Promise<void> {
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > max) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // A client that hung up mid-body: nothing left to keep usable.
  }
}

async function finishBody(c: Context): Promise<void> {
  const raw = c.req.raw;
  if (raw.body && !raw.bodyUsed && !raw.body.locked) await drainReader(raw.body.getReader(), DRAIN_MAX_BYTES);
}

/**
 * Reads a body without a trustworthy length up to `limit`: the bytes, or null when it is
 * longer (the rest is then drained, bounded, so the connection stays usable).
 */
async function readCounted(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drainReader(reader, DRAIN_MAX_BYTES);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * File parts a form may carry at all. Twice what it takes: a shopper who picks one photo
 * too many gets the form's own message ("Please choose at most 5 photos."); a request
 * with hundreds of parts is refused here before any of them is looked at.
 */
function fileCap(files: number): number {
  return Math.max(files * 2, files + 4);
}

/** 400 for an unreadable form, 413 for one with too many parts or files; null when it is fine. */
async function checkForm(c: Context, policy: WriteSpec | null): Promise<Response | null> {
  try {
    await c.req.parseBody();
  } catch {
    return bodyRefusal(c, 400, "We could not read this form. Please reload the page and send it again.");
  }
  const form = await c.req.bodyCache.formData;
  if (!form) return null;
  let parts = 0;
  let files = 0;
  form.forEach((value) => {
    parts++;
    if (typeof value !== "string") files++;
  });
  const allowed = policy?.body === "upload" ? fileCap(policy.files) : 0;
  if (files > allowed) {
    return bodyRefusal(
      c,
      413,
      allowed === 0
        ? "This form takes no files. Remove the attachment and send it again."
        : `Too many files: attach at most ${allowed}.`,
    );
  }
  if (parts > MAX_FORM_PARTS) return bodyRefusal(c, 413, "This form has too many fields to send.");
  return null;
}

export const requestBody = createMiddleware<AppEnv>(async (c, next) => {
  const raw = c.req.raw;
  if (!raw.body) return next();
  const policy = writeSpec(c);
  const limit = maxBodyBytes(policy, maxUploadBytes(c.env.UPLOAD_MAX_BYTES));
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    // The runtime holds the body to its declared length, so the header can be trusted.
    if (Number(declared) > limit) {
      c.res = bodyRefusal(c, 413, tooLargeMessage(policy, limit));
      await finishBody(c);
      return;
    }
  } else {
    const bytes = await readCounted(raw.body, limit);
    if (!bytes) {
      c.res = bodyRefusal(c, 413, tooLargeMessage(policy, limit));
      return;
    }
    c.req.raw = new Request(raw, { body: bytes });
  }
  if (isForm(c) && policy?.body !== "webhook" && policy?.body !== "json") {
    const problem = await checkForm(c, policy);
    if (problem) {
      c.res = problem;
      return;
    }
  }
  await next();
  await finishBody(c);
});
