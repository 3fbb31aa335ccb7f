import type { Review, ReviewSummary } from "../../platform/stores/product-review-store";

/* What product pages, product cards and the page shells' personal holes show of product reviews. */

const DATE = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Dubai",
});

/** Five stars filled to the rating; the number is said in words for screen readers. */
function ProductStars({ rating, label }: { rating: number; label?: string }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="product-stars" role="img" aria-label={label ?? `Rated ${rating} out of 5`}>
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
  if (summary.count === 0 || summary.average === null) {
    return compact ? null : <p className="rating-summary muted">No reviews yet</p>;
  }
  const reviews = summary.count === 1 ? "1 review" : `${summary.count} reviews`;
  return (
    <p className={`rating-summary${compact ? " rating-summary--compact" : ""}`}>
      <ProductStars rating={summary.average} label={`Rated ${summary.average} out of 5 from ${reviews}`} />
      <span aria-hidden="true">{`${summary.average.toFixed(1)} · ${reviews}`}</span>
    </p>
  );
}

/** One review in a list; a pending one is the shopper's own, shown only to them. */
export function ReviewItem({ review: r }: { review: Review }) {
  return (
    <li className="review">
      <p className="review__meta">
        <ProductStars rating={r.rating} />
        <strong className="review__author">{r.authorName}</strong>
        <time dateTime={r.createdAt}>{DATE.format(new Date(r.createdAt))}</time>
      </p>
      {r.status === "pending" && (
        <p className="review__pending">Only you can see this review until we have checked it.</p>
      )}
      <p className="review__text">{r.text}</p>
    </li>
  );
}
