import { routePath } from "../../../shared/links";
import { type ImageType, sniffUploadType } from "../security/file-checks";

/**
 * Avatars: the image in R2 (UPLOADS) under `avatars/<random>`, the record in D1
 * (account_avatars, one per CMS user id). The type is decided from the file's
 * first bytes, never from its name or the browser's claim, and only PNG, JPEG
 * and GIF are kept, so nothing scriptable (SVG, HTML) is ever served back.
 */

/** The image type the bytes really are (PNG, JPEG or GIF), or null; the shared check in worker/platform/security/file-checks.ts. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const type = sniffUploadType(bytes);
  return type === "application/pdf" ? null : type;
}

export interface AvatarRow {
  user_id: number;
  object_key: string;
  content_type: ImageType;
  size: number;
  updated_at: string;
}

const COLUMNS = "user_id, object_key, content_type, size, updated_at";

export function findAvatar(db: D1Database, userId: number): Promise<AvatarRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM account_avatars WHERE user_id = ?1`).bind(userId).first<AvatarRow>();
}

export function findAvatarByKey(db: D1Database, objectKey: string): Promise<AvatarRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM account_avatars WHERE object_key = ?1`).bind(objectKey).first<AvatarRow>();
}

/** The public address of an avatar (the key is random, so the address can't be guessed). */
export function avatarUrl(objectKey: string): string {
  return routePath("user-avatar", { key: objectKey.replace(/^avatars\//, "") });
}

/** Stores a new avatar, then forgets the old one. */
export async function saveAvatar(
  env: Env,
  userId: number,
  bytes: Uint8Array,
  contentType: ImageType,
): Promise<AvatarRow> {
  const previous = await findAvatar(env.DB, userId);
  const objectKey = `avatars/${crypto.randomUUID().replaceAll("-", "")}`;
  await env.UPLOADS.put(objectKey, bytes, {
    httpMetadata: { contentType },
    customMetadata: { userId: String(userId) },
  });
  const row = await env.DB.prepare(
    `INSERT INTO account_avatars (user_id, object_key, content_type, size) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (user_id) DO UPDATE SET object_key = excluded.object_key, content_type = excluded.content_type,
       size = excluded.size, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     RETURNING ${COLUMNS}`,
  )
    .bind(userId, objectKey, contentType, bytes.byteLength)
    .first<AvatarRow>();
  if (!row) throw new Error("Saving the avatar record returned no row");
  if (previous) await env.UPLOADS.delete(previous.object_key);
  return row;
}

export async function removeAvatar(env: Env, userId: number): Promise<void> {
  const previous = await findAvatar(env.DB, userId);
  if (!previous) return;
  await env.DB.prepare("DELETE FROM account_avatars WHERE user_id = ?1").bind(userId).run();
  await env.UPLOADS.delete(previous.object_key);
}
