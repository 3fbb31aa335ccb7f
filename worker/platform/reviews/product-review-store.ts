import type { CartOwner } from "../bag/cart-store";

/** D1 access for product reviews. Owners are the bag's: an account or a visitor id. */
export type ReviewStatus = "pending" | "approved" | "rejected";

export interface Review {
  id: number;
  authorName: string;
  rating: number;
  text: string;
  status: ReviewStatus;
  createdAt: string;
}

export interface ReviewSummary {
  count: number;
  /** Mean of approved ratings, one decimal; null without reviews. */
  average: number | null;
}

export const REVIEWS_SHOWN = 20;

interface ReviewRow {
  id: number;
  author_name: string;
  rating: number;
  body: string;
  status: ReviewStatus;
  created_at: string;
}

const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  authorName: r.author_name,
  rating: r.rating,
  text: r.body,
  status: r.status,
  createdAt: r.created_at,
});

/** Approved reviews, newest first, plus this owner's own reviews still waiting for moderation. */
export async function listReviews(db: D1Database, productId: number, owner: CartOwner | null): Promise<Review[]> {
  const { results } = await db
    .prepare(
      `SELECT id, author_name, rating, body, status, created_at FROM product_reviews
       WHERE product_id = ?1 AND (status = 'approved' OR (status = 'pending' AND owner_kind = ?2 AND owner_id = ?3))
       ORDER BY created_at DESC, id DESC LIMIT ?4`,
    )
    .bind(productId, owner?.kind ?? "", owner?.id ?? "", REVIEWS_SHOWN)
    .all<ReviewRow>();
  return results.map(toReview);
}

export async function reviewSummary(db: D1Database, productId: number): Promise<ReviewSummary> {
  const row = await db
    .prepare(
      "SELECT COUNT(*) AS n, AVG(rating) AS avg FROM product_reviews WHERE product_id = ?1 AND status = 'approved'",
    )
    .bind(productId)
    .first<{ n: number; avg: number | null }>();
  const count = row?.n ?? 0;
  return { count, average: count > 0 && row?.avg != null ? Math.round(row.avg * 10) / 10 : null };
}

/** Summaries for many products at once (cards); products without reviews are absent. */
export async function reviewSummaries(db: D1Database, productIds: number[]): Promise<Map<number, ReviewSummary>> {
  // A listing's whole index (up to 1 000 products) in one query: the ids as one JSON parameter.
  const ids = [...new Set(productIds.filter((id) => Number.isInteger(id)))].slice(0, 1000);
  if (ids.length === 0) return new Map();
  const { results } = await db
    .prepare(
      `SELECT product_id, COUNT(*) AS n, AVG(rating) AS avg FROM product_reviews
       WHERE status = 'approved' AND product_id IN (SELECT value FROM json_each(?1))
       GROUP BY product_id`,
    )
    .bind(JSON.stringify(ids))
    .all<{ product_id: number; n: number; avg: number }>();
  return new Map(results.map((r) => [r.product_id, { count: r.n, average: Math.round(r.avg * 10) / 10 }]));
}

export async function hasReviewed(db: D1Database, productId: number, owner: CartOwner): Promise<boolean> {
  const row = await db
    .prepare(
      "SELECT 1 AS found FROM product_reviews WHERE product_id = ?1 AND owner_kind = ?2 AND owner_id = ?3 AND status != 'rejected' LIMIT 1",
    )
    .bind(productId, owner.kind, owner.id)
    .first<{ found: number }>();
  return row !== null;
}

export async function insertReview(
  db: D1Database,
  review: {
    productId: number;
    owner: CartOwner;
    authorName: string;
    authorEmail: string;
    rating: number;
    text: string;
    status: ReviewStatus;
  },
): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO product_reviews (product_id, owner_kind, owner_id, author_name, author_email, rating, body, status)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id`,
    )
    .bind(
      review.productId,
      review.owner.kind,
      review.owner.id,
      review.authorName,
      review.authorEmail,
      review.rating,
      review.text,
      review.status,
    )
    .first<{ id: number }>();
  return row?.id ?? 0;
}
