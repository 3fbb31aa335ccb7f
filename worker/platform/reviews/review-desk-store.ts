import { type Actor, auditStatement } from "../audit/staff-audit-store";
import type { ReviewStatus } from "./product-review-store";

/**
 * D1 access for the staff desk's reviews (decisions 0074, 0075): shop reviews (shop_reviews + their media,
 * migrations/0051) and product reviews (product_reviews, 0031) in one list by status, one review
 * with every photo whatever its status, and moderation written with its audit row in one batch,
 * only if the review still has the status the page showed.
 */
export type DeskReviewKind = "shop" | "product";
export type DeskKindFilter = DeskReviewKind | "all";

export interface DeskReviewMedia {
  role: "avatar" | "photo";
  objectKey: string;
}

export interface DeskReview {
  kind: DeskReviewKind;
  /** What the desk's addresses name it by: a shop review's public id, a product review's id. */
  ref: string;
  rowId: number;
  status: ReviewStatus;
  name: string;
  email: string;
  rating: number;
  body: string;
  createdAt: string;
  productId: number | null;
  media: DeskReviewMedia[];
}

interface DeskReviewRow {
  kind: DeskReviewKind;
  ref: string;
  row_id: number;
  status: ReviewStatus;
  name: string;
  email: string;
  rating: number;
  body: string;
  created_at: string;
  product_id: number | null;
}

/** Both tables as one, narrowed by ?1 (the kind filter); the callers add the status condition. */
const UNION = `
  SELECT 'shop' AS kind, public_id AS ref, id AS row_id, status, name, email, rating, body, created_at,
         NULL AS product_id
    FROM shop_reviews WHERE ?1 IN ('all', 'shop') AND status = ?2
  UNION ALL
  SELECT 'product', CAST(id AS TEXT), id, status, author_name, author_email, rating, body, created_at, product_id
    FROM product_reviews WHERE ?1 IN ('all', 'product') AND status = ?2`;

function toReview(row: DeskReviewRow, media: Map<number, DeskReviewMedia[]>): DeskReview {
  return {
    kind: row.kind,
    ref: row.ref,
    rowId: row.row_id,
    status: row.status,
    name: row.name,
    email: row.email,
    rating: row.rating,
    body: row.body,
    createdAt: row.created_at,
    productId: row.product_id,
    media: row.kind === "shop" ? (media.get(row.row_id) ?? []) : [],
  };
}

/** Every file of these shop reviews, avatar first, then the photos in order. */
async function mediaOf(db: D1Database, shopReviewIds: number[]): Promise<Map<number, DeskReviewMedia[]>> {
  const byReview = new Map<number, DeskReviewMedia[]>();
  if (shopReviewIds.length === 0) return byReview;
  const { results } = await db
    .prepare(
      `SELECT review_id, role, object_key FROM shop_review_media
       WHERE review_id IN (SELECT value FROM json_each(?1)) ORDER BY review_id, role, position`,
    )
    .bind(JSON.stringify(shopReviewIds))
    .all<{ review_id: number; role: "avatar" | "photo"; object_key: string }>();
  for (const row of results) {
    const list = byReview.get(row.review_id) ?? [];
    list.push({ role: row.role, objectKey: row.object_key });
    byReview.set(row.review_id, list);
  }
  return byReview;
}

export interface DeskReviewPage {
  reviews: DeskReview[];
  total: number;
  /** How many of each status the kind filter finds, for the filter's labels. */
  counts: Record<ReviewStatus, number>;
}

export async function listDeskReviews(
  db: D1Database,
  filter: { status: ReviewStatus; kind: DeskKindFilter },
  { page, perPage }: { page: number; perPage: number },
): Promise<DeskReviewPage> {
  const [list, counts] = await db.batch([
    db
      .prepare(`SELECT * FROM (${UNION}) ORDER BY created_at DESC, kind, row_id DESC LIMIT ?3 OFFSET ?4`)
      .bind(filter.kind, filter.status, perPage, (page - 1) * perPage),
    db
      .prepare(
        `SELECT status, SUM(n) AS n FROM (
           SELECT status, COUNT(*) AS n FROM shop_reviews WHERE ?1 IN ('all', 'shop') GROUP BY status
           UNION ALL
           SELECT status, COUNT(*) FROM product_reviews WHERE ?1 IN ('all', 'product') GROUP BY status
         ) GROUP BY status`,
      )
      .bind(filter.kind),
  ]);
  const rows = (list?.results ?? []) as DeskReviewRow[];
  const media = await mediaOf(
    db,
    rows.filter((row) => row.kind === "shop").map((row) => row.row_id),
  );
  const byStatus: Record<ReviewStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const row of (counts?.results ?? []) as { status: ReviewStatus; n: number }[]) byStatus[row.status] = row.n;
  return { reviews: rows.map((row) => toReview(row, media)), total: byStatus[filter.status], counts: byStatus };
}

export async function findDeskReview(db: D1Database, kind: DeskReviewKind, ref: string): Promise<DeskReview | null> {
  const row =
    kind === "shop"
      ? await db
          .prepare(
            `SELECT 'shop' AS kind, public_id AS ref, id AS row_id, status, name, email, rating, body, created_at,
                    NULL AS product_id FROM shop_reviews WHERE public_id = ?1`,
          )
          .bind(ref)
          .first<DeskReviewRow>()
      : await db
          .prepare(
            `SELECT 'product' AS kind, CAST(id AS TEXT) AS ref, id AS row_id, status, author_name AS name,
                    author_email AS email, rating, body, created_at, product_id FROM product_reviews WHERE id = ?1`,
          )
          .bind(Number(ref))
          .first<DeskReviewRow>();
  if (!row) return null;
  return toReview(row, kind === "shop" ? await mediaOf(db, [row.row_id]) : new Map());
}

/** The audit's name for a review: what the desk's address for it says. */
export function auditKind(kind: DeskReviewKind): string {
  return kind === "shop" ? "shop-review" : "product-review";
}

/**
 * Moves a review from the status the page showed to `to`, with its audit row; false when its
 * status changed meanwhile (nothing is written). A D1 batch is one transaction: the audit row,
 * written first under the same condition, stands or falls with the change.
 */
export async function moderateReview(
  db: D1Database,
  review: DeskReview,
  to: ReviewStatus,
  actor: Actor,
): Promise<boolean> {
  const table = review.kind === "shop" ? "shop_reviews" : "product_reviews";
  const guard = {
    sql: `EXISTS (SELECT 1 FROM ${table} WHERE id = ?1 AND status = ?2)`,
    params: [review.rowId, review.status],
  };
  const approvedAt =
    review.kind === "shop"
      ? ", approved_at = CASE WHEN ?3 = 'approved' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END"
      : "";
  const [, updated] = await db.batch([
    auditStatement(db, guard, {
      actor,
      action: to === "approved" ? "approve" : "reject",
      recordKind: auditKind(review.kind),
      recordId: review.ref,
      before: { status: review.status },
      after: { status: to },
    }),
    db
      .prepare(`UPDATE ${table} SET status = ?3${approvedAt} WHERE id = ?1 AND status = ?2`)
      .bind(review.rowId, review.status, to),
  ]);
  return (updated?.meta.changes ?? 0) === 1;
}

/** A shop review's file, whatever the review's status, if it is that review's (staff see photos before approving). */
export async function findStaffReviewMedia(
  db: D1Database,
  publicId: string,
  objectKey: string,
): Promise<{ contentType: string } | null> {
  const row = await db
    .prepare(
      `SELECT m.content_type FROM shop_review_media m JOIN shop_reviews r ON r.id = m.review_id
       WHERE r.public_id = ?1 AND m.object_key = ?2`,
    )
    .bind(publicId, objectKey)
    .first<{ content_type: string }>();
  return row ? { contentType: row.content_type } : null;
}
