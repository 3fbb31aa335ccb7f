/**
 * /reviews: what shoppers say about the shop (approved reviews only, newest
 * first, with rating, name, avatar and photos) and the form to leave one.
 */
import type { Context } from "hono";
import ReviewForm, { type ReviewFormProps } from "../../../client/islands/review-form";
import { islandTexts } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import { maxUploadBytes } from "../../../shared/upload-limit";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import { Breadcrumbs, type Crumb } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { noteTags, SHOP_REVIEWS_TAG } from "../../platform/caches/page-tags";
import type { FormState } from "../../platform/forms/form-state";
import { listApprovedReviews, reviewMediaUrl, type ShopReview } from "../../platform/reviews/shop-review-store";
import { uploadHint, uploadSize } from "../../platform/security/file-checks";
import { Pager, pageNumber } from "../../shop/listing/pager";
import { DateText, Stars } from "../../shop/products/stars";

export const REVIEWS_PAGE_SIZE = 10;

/** After a plain post: ?sent=review (waiting for moderation) or ?sent=published. */
function sentMessage(c: Context<AppEnv>): string | null {
  const sent = c.req.query("sent");
  if (sent === "review") return textsOf(c).m.visitorForms.reviewThanks;
  if (sent === "published") return textsOf(c).m.reviews.published;
  return null;
}

function Avatar({ review }: { review: ShopReview }) {
  if (review.avatar) {
    return (
      <img
        className="review__avatar"
        src={reviewMediaUrl(review.avatar.objectKey)}
        alt=""
        width={48}
        height={48}
        loading="lazy"
      />
    );
  }
  return (
    <span className="review__avatar review__avatar--initial" aria-hidden="true">
      {review.name.trim().charAt(0).toUpperCase() || "?"}
    </span>
  );
}

function ReviewCard({ review }: { review: ShopReview }) {
  const t = useTexts();
  return (
    <article className="review" aria-labelledby={`review-${review.id}-name`}>
      <header className="review__head">
        <Avatar review={review} />
        <div>
          <h3 className="review__name" id={`review-${review.id}-name`}>
            {review.name}
          </h3>
          <p className="review__meta">
            <Stars rating={review.rating} /> <DateText iso={review.createdAt} />
          </p>
        </div>
      </header>
      <div className="review__body">
        {review.body.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </div>
      {review.photos.length > 0 && (
        <ul className="review__photos" aria-label={t.fill(t.m.reviews.photosFrom, { name: review.name })}>
          {review.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={reviewMediaUrl(photo.objectKey)}>
                <img
                  src={reviewMediaUrl(photo.objectKey)}
                  alt={t.fill(t.m.reviews.sharedBy, { name: review.name, n: i + 1, total: review.photos.length })}
                  width={112}
                  height={112}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

export async function renderReviews(
  c: Context<AppEnv>,
  state: FormState = { values: {}, errors: {}, alert: null, sent: false },
  status: 200 | 422 | 429 = 200,
): Promise<Response> {
  const page = pageNumber(c.req.query("page"));
  if (page === null) return renderNotFound(c);
  const list = await listApprovedReviews(c.env.DB, page, REVIEWS_PAGE_SIZE);
  noteTags(c, [SHOP_REVIEWS_TAG]);
  if (page > list.pageCount) return renderNotFound(c);
  const t = textsOf(c);
  const r = t.m.reviews;
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.reviews, path: routePath("reviews") },
  ];
  const form: ReviewFormProps = {
    values: state.values,
    errors: state.errors,
    alert: state.alert,
    sentMessage: sentMessage(c),
    uploadHint: uploadHint(c.env, t),
    uploadSize: uploadSize(c.env, t),
    maxBytes: maxUploadBytes(c.env.UPLOAD_MAX_BYTES),
    ...islandTexts(t, "visitorForms"),
    fieldErrors: t.m.fieldErrors,
  };
  const response = await renderPage(c, {
    title: page > 1 ? t.fill(r.numbered, { n: page }) : r.title,
    description: r.description,
    status: status === 422 ? 422 : 200,
    canonicalPath: routePath("reviews", { query: { page: page > 1 ? page : undefined } }),
    body: (
      <div className="container reviews-page">
        <Breadcrumbs items={crumbs} />
        <header className="request-page__head">
          <h1>{r.title}</h1>
          {list.total > 0 && list.average !== null ? (
            <p className="reviews-summary">
              <Stars rating={list.average} size={22} />
              <span>{t.plural(r.summary, list.total, { average: list.average.toFixed(1) })}</span>
            </p>
          ) : (
            <p className="request-page__lead">{r.none}</p>
          )}
        </header>
        <div className="reviews-page__grid">
          <section aria-labelledby="reviews-list-title" className="reviews-page__list">
            <h2 id="reviews-list-title" className="visually-hidden">
              {r.whatCustomersSay}
            </h2>
            {list.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} />
            ))}
            <Pager base={routePath("reviews")} page={list.page} pageCount={list.pageCount} label={r.pages} />
          </section>
          <section className="request-card reviews-page__form" id="leave-review" aria-labelledby="leave-review-title">
            <h2 id="leave-review-title">{r.leave}</h2>
            <p className="request-card__intro">{r.leaveIntro}</p>
            <Island name="review-form" component={ReviewForm} props={form} wake="interaction" />
          </section>
        </div>
      </div>
    ),
  });
  return status === 429 ? new Response(response.body, { status, headers: response.headers }) : response;
}

export function reviewsPage(c: Context<AppEnv>): Promise<Response> {
  return renderReviews(c);
}
