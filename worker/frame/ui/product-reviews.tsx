import type { Review, ReviewSummary } from "../../platform/reviews/product-review-store";
import { useTexts } from "../i18n/texts";

/* What product pages, product cards and the page shells' personal holes show of product reviews. */

/** Five stars filled to the rating; the number is said in words for screen readers. */
function ProductStars({ rating, label }: { rating: number; label?: string }) {
  const t = useTexts();
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="product-stars" role="img" aria-label={label ?? t.fill(t.m.ui.rated, { rating: String(rating) })}>
      <span className="product-stars__fill" style={{ width: `${percent}%` }} aria-hidden="true">
        ★★★★★
      </span>
      <span className="product-stars__empty" aria-hidden="true">
        ★★★★★
      </span>
    </span>
  );
}

export function RatingSummary({ summary, compact }: { summary: ReviewSummary; compact?: boolean }) {
  const t = useTexts();
  if (summary.count === 0 || summary.average === null) {
    return compact ? null : <p className="rating-summary muted">{t.m.ui.noReviews}</p>;
  }
  const reviews = t.plural(t.m.ui.reviewCount, summary.count);
  const rating = String(summary.average);
  return (
    <p className={`rating-summary${compact ? " rating-summary--compact" : ""}`}>
      <ProductStars rating={summary.average} label={t.plural(t.m.ui.ratedFrom, summary.count, { rating })} />
      <span aria-hidden="true">{`${summary.average.toFixed(1)} · ${reviews}`}</span>
    </p>
  );
}

/** One review in a list; a pending one is the shopper's own, shown only to them. */
export function ReviewItem({ review: r }: { review: Review }) {
  const t = useTexts();
  return (
    <li className="review">
      <p className="review__meta">
        <ProductStars rating={r.rating} />
        <strong className="review__author" dir="auto">
          {r.authorName}
        </strong>
        <time dateTime={r.createdAt}>{t.date(new Date(r.createdAt))}</time>
      </p>
      {r.status === "pending" && <p className="review__pending">{t.m.ui.pendingReview}</p>}
      {/* A shopper writes in their own language: each review takes its direction from its first letters. */}
      <p className="review__text" dir="auto">
        {r.text}
      </p>
    </li>
  );
}
