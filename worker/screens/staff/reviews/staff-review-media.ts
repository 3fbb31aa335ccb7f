import type { Context } from "hono";
import type { AppEnv } from "../../../platform/app-env";
import { findStaffReviewMedia } from "../../../platform/reviews/review-desk-store";

/**
 * GET /staff/reviews/shop/{public id}/media/{file}: a shop review's avatar or photo for staff,
 * whatever the review's status (the public /reviews/media serves approved reviews' files only,
 * and staff must see a photo before approving it). Behind the staff role like every desk route;
 * the file must be recorded for that very review, so the address cannot reach another upload
 * (a request's attachment, an account's avatar). The type is the one found when the file was
 * checked, with nosniff; never kept by a shared cache.
 */
const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^[a-f0-9]{32}$/;

export async function staffReviewMedia(c: Context<AppEnv>): Promise<Response> {
  const ref = c.req.param("ref") ?? "";
  const file = c.req.param("file") ?? "";
  if (!PUBLIC_ID.test(ref) || !FILE.test(file)) return c.notFound();
  const key = `reviews/${file}`;
  const record = await findStaffReviewMedia(c.env.DB, ref, key);
  if (!record) return c.notFound();
  const object = await c.env.UPLOADS.get(key);
  if (!object) return c.notFound();
  return c.body(object.body, 200, {
    "Content-Type": record.contentType,
    "Content-Length": String(object.size),
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
    "Cache-Control": "private, no-store",
    ETag: object.httpEtag,
  });
}
