/**
 * "Leave a review" on /reviews: name, e-mail, a 1–5 star rating, the text, and
 * optionally an avatar and photos. A plain multipart form that posts and
 * redirects; once touched it checks itself with the shared schema (and the
 * files' size and count) and sends with fetch, staying in place.
 */
import type { FormErrors } from "../../shared/forms/form-result";
import { REVIEW_MAX, REVIEW_PHOTOS_MAX, shopReviewSchema } from "../../shared/forms/shop-review";
import { REQUEST_LABELS } from "../../shared/forms/visitor-fields";
import { Field, FieldError } from "../components/fields";
import {
  ConsentLine,
  FormProblems,
  Honeypot,
  oversizedFile,
  ThankYou,
  type Values,
} from "../components/request-form-parts";
import { useFormSubmit } from "../components/use-form-submit";

export interface ReviewFormProps {
  values: Values;
  errors: FormErrors;
  alert: string | null;
  /** Set after a plain post: the thank-you to show instead of the form. */
  sentMessage: string | null;
  /** "PNG, JPG, GIF up to 5MB" */
  uploadHint: string;
  maxBytes: number;
}

const ID = "review-form";
const STARS = [1, 2, 3, 4, 5] as const;

/** The avatar's size, and the photos' count and sizes, before anything is sent. */
function photoProblems(form: HTMLFormElement, maxBytes: number, limit: string): FormErrors {
  const found: FormErrors = {};
  const avatarProblem = oversizedFile(form, "avatar", maxBytes, limit);
  if (avatarProblem) found.avatar = avatarProblem;
  const photos = form.elements.namedItem("photos");
  const photoCount = photos instanceof HTMLInputElement ? (photos.files?.length ?? 0) : 0;
  const photoProblem =
    photoCount > REVIEW_PHOTOS_MAX
      ? `Please choose at most ${REVIEW_PHOTOS_MAX} photos.`
      : oversizedFile(form, "photos", maxBytes, limit);
  if (photoProblem) found.photos = photoProblem;
  return found;
}

export default function ReviewForm(props: ReviewFormProps) {
  const { values, uploadHint, maxBytes } = props;
  const limit = uploadHint.replace(/^.* up to /, "");
  const { errors, alert, sent, busy, summary, thanks, formProps } = useFormSubmit({
    schema: shopReviewSchema,
    checkFiles: (form) => photoProblems(form, maxBytes, limit),
    errors: props.errors,
    alert: props.alert,
    sent: props.sentMessage,
  });

  if (sent) return <ThankYou message={sent} focusRef={thanks} />;

  const ratingError = errors.rating;
  return (
    <form
      method="post"
      action="/reviews"
      encType="multipart/form-data"
      className="request-form review-form"
      {...formProps}
    >
      <FormProblems alert={alert} errors={errors} focusRef={summary} idPrefix={ID} />
      <div className="field-row">
        <Field idPrefix={ID} name="name" label={REQUEST_LABELS.name} error={errors.name} required>
          {(p) => <input {...p} type="text" autoComplete="name" defaultValue={values.name} maxLength={120} />}
        </Field>
        <Field
          idPrefix={ID}
          name="email"
          label={REQUEST_LABELS.email}
          error={errors.email}
          required
          hint="Not shown with your review"
        >
          {(p) => <input {...p} type="email" autoComplete="email" defaultValue={values.email} maxLength={200} />}
        </Field>
      </div>
      <fieldset
        className={`field star-rating${ratingError ? " field--invalid" : ""}`}
        aria-describedby={ratingError ? `${ID}-rating-error` : undefined}
      >
        <legend>
          {REQUEST_LABELS.rating}
          <span aria-hidden="true"> *</span>
        </legend>
        <div className="star-rating__choices">
          {STARS.map((n) => (
            <label key={n} className="star-rating__star">
              <input
                id={n === 1 ? `${ID}-rating` : undefined}
                type="radio"
                name="rating"
                value={n}
                defaultChecked={values.rating === String(n)}
                aria-invalid={ratingError ? true : undefined}
                required
              />
              <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
                <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z" />
              </svg>
              <span className="visually-hidden">{n === 1 ? "1 star" : `${n} stars`}</span>
            </label>
          ))}
        </div>
        {ratingError && <FieldError id={`${ID}-rating-error`} message={ratingError} />}
      </fieldset>
      <Field idPrefix={ID} name="text" label={REQUEST_LABELS.text} error={errors.text} required>
        {(p) => <textarea {...p} rows={5} defaultValue={values.text} maxLength={REVIEW_MAX + 200} />}
      </Field>
      <div className="field-row">
        <Field idPrefix={ID} name="avatar" label={REQUEST_LABELS.avatar} error={errors.avatar} hint={uploadHint}>
          {(p) => <input {...p} type="file" accept="image/png,image/jpeg,image/gif" />}
        </Field>
        <Field
          idPrefix={ID}
          name="photos"
          label={REQUEST_LABELS.photos}
          error={errors.photos}
          hint={`${uploadHint} each, at most ${REVIEW_PHOTOS_MAX}`}
        >
          {(p) => <input {...p} type="file" accept="image/png,image/jpeg,image/gif" multiple />}
        </Field>
      </div>
      <Honeypot idPrefix={ID} />
      <ConsentLine />
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Sending…" : "Publish review"}
      </button>
    </form>
  );
}
