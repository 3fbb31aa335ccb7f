/**
 * GET /reviews/media/{id}: a published review's avatar or photo from R2.
 * (Not under /uploads, which belongs to the CMS's media and steps aside for a real Strapi.) Only files
 * recorded for an approved review are served, with the type found when they
 * were checked (never the visitor's claim) and nosniff, so a file can't be
 * served as anything but the image it is.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { findPublishedMedia } from "../../platform/reviews/shop-review-store";

export const reviewMedia = new Hono<AppEnv>();

const ID = /^[a-f0-9]{32}$/;

reviewMedia.get("/:id", async (c) => {
  const id = c.req.param("id");
  if (!ID.test(id)) return c.notFound();
  const key = `reviews/${id}`;
  const record = await findPublishedMedia(c.env.DB, key);
  if (!record) return c.notFound();
  const object = await c.env.UPLOADS.get(key);
  if (!object) return c.notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": record.content_type,
      "Content-Length": String(object.size),
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      // The key is random and its file never changes; moderation hides it by 404 from then on.
      "Cache-Control": "public, max-age=86400",
      ETag: object.httpEtag,
    },
  });
});
