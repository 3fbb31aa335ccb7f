import { Hono } from "hono";
import { findAvatarByKey } from "../../platform/accounts/avatar-store";
import type { AppEnv } from "../../platform/app-env";

/** GET /user/avatar/{key}: a shopper's avatar, as the profile screen saved it (immutable: a new one gets a new key). */
export const avatarRoute = new Hono<AppEnv>();

avatarRoute.get("/avatar/:key{[0-9a-f]{32}}", async (c) => {
  const key = `avatars/${c.req.param("key")}`;
  const row = await findAvatarByKey(c.env.DB, key);
  const object = row ? await c.env.UPLOADS.get(key) : null;
  if (!row || !object) return c.notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": row.content_type,
      "Content-Length": String(row.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
      "Content-Security-Policy": "default-src 'none'",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
