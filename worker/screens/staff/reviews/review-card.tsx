import type { Context } from "hono";
import { DEFAULT_LOCALE } from "../../../../shared/constants";
import { routePath } from "../../../../shared/links";
import type { AppEnv } from "../../../platform/app-env";
import { getProducts } from "../../../platform/cms-client/catalog-records";
import { log } from "../../../platform/log/log";
import type { ReviewStatus } from "../../../platform/reviews/product-review-store";
import type { DeskReview, DeskReviewMedia } from "../../../platform/reviews/review-desk-store";
import { productPath } from "../../../shop/products/product-card";
import { Stars } from "../../../shop/products/stars";
import { staffDate } from "../desk/staff-page";

/** One review as staff moderate it: who, what, the photos (whatever the status), and the two buttons. */
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  pending: "Waiting",
  approved: "Approved",
  rejected: "Rejected",
};

/** Where a review is shown once approved. */
export interface ReviewedProduct {
  name: string;
  path: string;
}

/** The products these reviews are about, by id, from the CMS; a product it cannot name is simply missing. */
export async function reviewedProducts(
  c: Context<AppEnv>,
  reviews: readonly DeskReview[],
): Promise<Map<number, ReviewedProduct>> {
  const ids = [...new Set(reviews.flatMap((review) => (review.productId === null ? [] : [review.productId])))];
  if (ids.length === 0) return new Map();
  try {
    const page = await getProducts(c, DEFAULT_LOCALE, { filters: { id: { in: ids.map(String) } }, pageSize: 100 });
    return new Map((page?.items ?? []).map((p) => [Number(p.id), { name: p.name, path: productPath(p) }]));
  } catch (error) {
    // The desk still works without the names: the review says "product #id".
    log.error("Products of the reviews could not be read", { error });
    return new Map();
  }
}

export function reviewPath(review: Pick<DeskReview, "kind" | "ref">): string {
  return routePath("staff-review", { kind: review.kind, ref: review.ref });
}

export function staffMediaUrl(review: Pick<DeskReview, "ref">, media: DeskReviewMedia): string {
  return routePath("staff-review-media", { ref: review.ref, file: media.objectKey.replace(/^reviews\//, "") });
}

function About({ review, product }: { review: DeskReview; product?: ReviewedProduct }) {
  if (review.kind === "shop") return <>Review of the shop</>;
  if (!product) return <>Review of product #{review.productId}</>;
  return (
    <>
      Review of <a href={product.path}>{product.name}</a>
    </>
  );
}

function Photos({ review }: { review: DeskReview }) {
  if (review.media.length === 0) return null;
  const photos = review.media.filter((m) => m.role === "photo");
  return (
    <ul className="staff-reviews-photos" aria-label={`Avatar and photos from ${review.name}`}>
      {review.media.map((media) => {
        const n = photos.indexOf(media) + 1;
        const alt =
          media.role === "avatar" ? `Avatar of ${review.name}` : `Photo ${n} of ${photos.length} from ${review.name}`;
        return (
          <li key={media.objectKey}>
            <a href={staffMediaUrl(review, media)}>
              <img src={staffMediaUrl(review, media)} alt={alt} width={96} height={96} loading="lazy" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Approve and reject as two buttons of one form: no JavaScript needed, the status shown goes along as the version. */
function Moderate({ review, back }: { review: DeskReview; back: string }) {
  const who = <span className="visually-hidden"> the review by {review.name}</span>;
  return (
    <form method="post" action={reviewPath(review)} className="staff-reviews-actions">
      <input type="hidden" name="from" value={review.status} />
      <input type="hidden" name="back" value={back} />
      {review.status !== "approved" && (
        <button type="submit" name="action" value="approve" className="button button--small">
          Approve{who}
        </button>
      )}
      {review.status !== "rejected" && (
        <button type="submit" name="action" value="reject" className="button button--small button--outlined">
          {review.status === "approved" ? "Hide (reject)" : "Reject"}
          {who}
        </button>
      )}
    </form>
  );
}

export function DeskReviewCard({
  review,
  product,
  back,
  headingLevel = 2,
}: {
  review: DeskReview;
  product?: ReviewedProduct;
  back: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `review-${review.kind}-${review.ref}`;
  return (
    <article className="staff-reviews-card" aria-labelledby={headingId}>
      <header className="staff-reviews-card__head">
        <Heading className="staff-reviews-card__name" id={headingId}>
          {review.name}
        </Heading>
        <span className={`status staff-reviews-status--${review.status}`}>{REVIEW_STATUS_LABELS[review.status]}</span>
      </header>
      <p className="staff-reviews-card__meta">
        <Stars rating={review.rating} />
        <span>
          <About review={review} product={product} />
        </span>
        <span className="staff-reviews-card__sub">
          <a href={`mailto:${review.email}`}>{review.email}</a> ·{" "}
          <time dateTime={review.createdAt}>{staffDate.format(new Date(review.createdAt))}</time>
        </span>
      </p>
      <p className="staff-reviews-card__body">{review.body}</p>
      <Photos review={review} />
      <div className="staff-reviews-card__foot">
        <Moderate review={review} back={back} />
        <a href={reviewPath(review)}>
          Details and history<span className="visually-hidden"> of the review by {review.name}</span>
        </a>
      </div>
    </article>
  );
}
