import type { Context } from "hono";
import type { AppEnv } from "../../../platform/app-env";
import { IMAGE_OR_PDF_TYPES } from "../../../platform/security/file-checks";
import { renderStaffMessage } from "../desk/staff-page";
import { findRequestOfPath, requestNotFound } from "./staff-request";

/**
 * GET /staff/requests/{id}/attachment: a wholesale enquiry's file from R2 (UPLOADS), for staff
 * only (staffOnly runs first). The object's key comes from the request's own row, never from the
 * address, so only the file of that request can be reached. It is served as a download with the
 * type found when it was checked on upload (never the visitor's claim), nosniff and no scripts,
 * so a file can't be opened as anything but the PNG, JPEG, GIF or PDF it is.
 */

/** The visitor's file name for the header: the ASCII fallback without quotes or controls, and the exact name (RFC 6266). */
export function dispositionOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_").trim() || "attachment";
  const exact = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/** The stored type when it is one the upload check allows; anything else (a row edited by hand) as plain bytes. */
function servedType(stored: string): string {
  return (IMAGE_OR_PDF_TYPES as readonly string[]).includes(stored) ? stored : "application/octet-stream";
}

export async function requestAttachment(c: Context<AppEnv>): Promise<Response> {
  const request = await findRequestOfPath(c);
  if (!request) return requestNotFound(c);
  const object = request.attachment ? await c.env.UPLOADS.get(request.attachment.key) : null;
  if (!request.attachment || !object) {
    return renderStaffMessage(
      c,
      "File not found",
      "This request has no attached file, or the file is no longer stored.",
      404,
    );
  }
  return new Response(object.body, {
    headers: {
      "Content-Type": servedType(request.attachment.contentType),
      "Content-Length": String(object.size),
      "Content-Disposition": dispositionOf(request.attachment.name),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
