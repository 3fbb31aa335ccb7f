/**
 * shop_reviews and their media (shop_review_media; files in R2). A review, its
 * avatar and photos, and the e-mail to the shop are written in one D1 batch.
 */
import type { ShopReviewInput } from "../../../shared/forms/shop-review";
import { routePath } from "../../../shared/links";
import { DUPLICATE_WINDOW_MODIFIER, isDuplicateError } from "../forms/duplicate-submissions";
import { type MailMessage, outboxInsert } from "../mail/mailer";
import type { StoredFile } from "../uploads/upload-store";

export type ReviewStatus = "pending" | "approved" | "rejected";

export interface ReviewMedia {
  id: number;
  role: "avatar" | "photo";
  objectKey: string;
  contentType: string;
}

export interface ShopReview {
  id: number;
  publicId: string;
  name: string;
  rating: number;
  body: string;
  createdAt: string;
  avatar: ReviewMedia | null;
  photos: ReviewMedia[];
}

interface ReviewRow {
  id: number;
  public_id: string;
  name: string;
  rating: number;
  body: string;
  created_at: string;
}

interface MediaRow {
  id: number;
  review_id: number;
  role: "avatar" | "photo";
  object_key: string;
  content_type: string;
}

export interface NewReview {
  input: ShopReviewInput;
  avatar: StoredFile | null;
  photos: StoredFile[];
  status: ReviewStatus;
  fingerprint: string;
  dedupeKey: string;
  mail: MailMessage | null;
  publicId: string;
}

export async function recentlyReviewed(db: D1Database, fingerprint: string): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT 1 AS found FROM shop_reviews WHERE fingerprint = ?1 AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?2) LIMIT 1",
    )
    .bind(fingerprint, DUPLICATE_WINDOW_MODIFIER)
    .first<{ found: number }>();
  return row !== null;
}

function mediaInsert(db: D1Database, publicId: string, role: "avatar" | "photo", file: StoredFile, position: number) {
  return db
    .prepare(
      `INSERT INTO shop_review_media (review_id, role, object_key, content_type, size, position)
       SELECT id, ?2, ?3, ?4, ?5, ?6 FROM shop_reviews WHERE public_id = ?1`,
    )
    .bind(publicId, role, file.key, file.contentType, file.size, position);
}

/** Stores the review with its media and e-mail; `kept` is false for a duplicate. */
export async function saveReview(db: D1Database, review: NewReview): Promise<{ kept: boolean }> {
  const { input, publicId } = review;
  const statements = [
    db
      .prepare(
        `INSERT INTO shop_reviews (public_id, status, name, email, rating, body, fingerprint, dedupe_key, approved_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, CASE WHEN ?2 = 'approved' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END)`,
      )
      .bind(
        publicId,
        review.status,
        input.name,
        input.email,
        input.rating,
        input.text,
        review.fingerprint,
        review.dedupeKey,
      ),
    ...(review.avatar ? [mediaInsert(db, publicId, "avatar", review.avatar, 0)] : []),
    ...review.photos.map((photo, i) => mediaInsert(db, publicId, "photo", photo, i)),
    ...(review.mail ? [outboxInsert(db, review.mail)] : []),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    if (isDuplicateError(error)) return { kept: false };
    throw error;
  }
  return { kept: true };
}

export interface ReviewPage {
  reviews: ShopReview[];
  total: number;
  average: number | null;
  page: number;
  pageCount: number;
}

/** Approved reviews, newest first, with their avatar and photos. */
export async function listApprovedReviews(db: D1Database, page: number, pageSize: number): Promise<ReviewPage> {
  const [list, summary] = await db.batch([
    db
      .prepare(
        `SELECT id, public_id, name, rating, body, created_at FROM shop_reviews
         WHERE status = 'approved' ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2`,
      )
      .bind(pageSize, (page - 1) * pageSize),
    db.prepare("SELECT COUNT(*) AS total, AVG(rating) AS average FROM shop_reviews WHERE status = 'approved'"),
  ]);
  const rows = (list?.results ?? []) as ReviewRow[];
  const stats = (summary?.results?.[0] ?? { total: 0, average: null }) as { total: number; average: number | null };
  const media = rows.length
    ? (
        await db
          .prepare(
            `SELECT id, review_id, role, object_key, content_type FROM shop_review_media
             WHERE review_id IN (SELECT value FROM json_each(?1)) ORDER BY role, position`,
          )
          .bind(JSON.stringify(rows.map((r) => r.id)))
          .all<MediaRow>()
      ).results
    : [];
  const toMedia = (m: MediaRow): ReviewMedia => ({
    id: m.id,
    role: m.role,
    objectKey: m.object_key,
    contentType: m.content_type,
  });
  return {
    reviews: rows.map((row) => {
      const own = media.filter((m) => m.review_id === row.id);
      const avatar = own.find((m) => m.role === "avatar");
      return {
        id: row.id,
        publicId: row.public_id,
        name: row.name,
        rating: row.rating,
        body: row.body,
        createdAt: row.created_at,
        avatar: avatar ? toMedia(avatar) : null,
        photos: own.filter((m) => m.role === "photo").map(toMedia),
      };
    }),
    total: stats.total,
    average: stats.average === null ? null : Math.round(stats.average * 10) / 10,
    page,
    pageCount: Math.max(1, Math.ceil(stats.total / pageSize)),
  };
}

/** A review file's type if it belongs to an approved review (only those are ever served). */
export async function findPublishedMedia(db: D1Database, objectKey: string): Promise<{ content_type: string } | null> {
  return db
    .prepare(
      `SELECT m.content_type FROM shop_review_media m JOIN shop_reviews r ON r.id = m.review_id
       WHERE m.object_key = ?1 AND r.status = 'approved'`,
    )
    .bind(objectKey)
    .first<{ content_type: string }>();
}

export function reviewMediaUrl(objectKey: string): string {
  return routePath("reviews-media", { file: objectKey.replace(/^reviews\//, "") });
}
