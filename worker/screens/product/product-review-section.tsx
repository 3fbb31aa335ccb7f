import { ErrorSummary, Field, FieldError } from "../../../client/components/fields";
import type { FormErrors } from "../../../shared/forms/form-result";
import { REVIEW_TEXT_MAX, type ReviewField } from "../../../shared/forms/product-review";
import { useTexts } from "../../frame/i18n/texts";
import { OwnReviews } from "../../frame/personal/own-reviews";
import { ReviewIdentity } from "../../frame/personal/review-identity";
import { RatingSummary, ReviewItem } from "../../frame/ui/product-reviews";
import type { Review, ReviewSummary } from "../../platform/reviews/product-review-store";

/** What the form shows after a refused post: the shopper's values and a message beside each field. */
export interface ReviewFormState {
  values: Partial<Record<ReviewField, string>>;
  errors: FormErrors<ReviewField>;
}

function ReviewForm({
  action,
  signedInAs,
  state,
}: {
  action: string;
  signedInAs: string | null;
  state?: ReviewFormState;
}) {
  const t = useTexts();
  const texts = t.m.productReviewForm;
  const labels = texts.labels;
  const values = state?.values ?? {};
  const errors = state?.errors ?? {};
  return (
    <form method="post" action={action} className="review-form" noValidate>
      <h3 id="review-form-title">{texts.write}</h3>
      <ErrorSummary errors={errors} labels={labels} />
      <fieldset
        id="field-rating"
        className={`field rating-input${errors.rating ? " field--invalid" : ""}`}
        aria-describedby={errors.rating ? "field-rating-error" : undefined}
      >
        <legend>
          {labels.rating}
          <span aria-hidden="true"> *</span>
        </legend>
        <div className="rating-input__options">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="rating-input__option">
              <input type="radio" name="rating" value={n} defaultChecked={values.rating === String(n)} required />
              <span>{t.plural(t.m.visitorForms.stars, n)}</span>
            </label>
          ))}
        </div>
        {errors.rating && <FieldError id="field-rating-error" message={errors.rating} />}
      </fieldset>
      <Field
        name="text"
        label={labels.text}
        error={errors.text}
        required
        hint={t.fill(texts.textHint, { max: String(REVIEW_TEXT_MAX) })}
      >
        {(p) => <textarea {...p} rows={5} maxLength={REVIEW_TEXT_MAX} defaultValue={values.text ?? ""} />}
      </Field>
      <ReviewIdentity signedInAs={signedInAs}>
        <Field name="name" label={labels.name} error={errors.name} required>
          {(p) => <input {...p} type="text" autoComplete="name" maxLength={80} defaultValue={values.name ?? ""} />}
        </Field>
        <Field name="email" label={labels.email} error={errors.email} required hint={texts.emailHint}>
          {(p) => <input {...p} type="email" autoComplete="email" defaultValue={values.email ?? ""} />}
        </Field>
      </ReviewIdentity>
      <button type="submit" className="button">
        {texts.send}
      </button>
    </form>
  );
}

/** The product page's reviews: average and count, approved reviews (and the shopper's own pending ones), the form. */
export function ReviewSection({
  productId,
  productName,
  action,
  summary,
  reviews,
  signedInAs,
  state,
}: {
  productId: number;
  productName: string;
  action: string;
  summary: ReviewSummary;
  reviews: Review[];
  signedInAs: string | null;
  state?: ReviewFormState;
}) {
  const t = useTexts();
  const texts = t.m.productReviewForm;
  return (
    <section className="section reviews" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{texts.title}</h2>
      <RatingSummary summary={summary} />
      <OwnReviews productId={productId} />
      {reviews.length === 0 ? (
        <p>{t.fill(texts.beFirst, { name: productName })}</p>
      ) : (
        <ol className="review-list">
          {reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ol>
      )}
      <ReviewForm action={action} signedInAs={signedInAs} state={state} />
    </section>
  );
}
