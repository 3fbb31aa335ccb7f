/**
 * "Leave a review" on /reviews: name, e-mail, a 1–5 star rating, the text, and
 * optionally an avatar and photos. A plain multipart form that posts and
 * redirects; once touched it checks itself with the shared schema (and the
 * files' size and count) and sends with fetch, staying in place.
 */
import { useState } from "react";
import type { FormErrors } from "../../shared/forms/form-result";
import { REVIEW_MAX, REVIEW_PHOTOS_MAX, shopReviewSchema } from "../../shared/forms/shop-review";
import { fill, plural } from "../../shared/i18n/format";
import type { IslandTexts, Section } from "../../shared/i18n/messages-type";
import { routePath } from "../../shared/links";
import { Field, FieldError } from "../components/fields";
import {
  ConsentLine,
  FormProblems,
  Honeypot,
  oversizedFile,
  ThankYou,
  type UploadLimit,
  type Values,
} from "../components/request-form-parts";
import { useFormSubmit } from "../components/use-form-submit";

export interface ReviewFormProps extends IslandTexts<"visitorForms"> {
  values: Values;
  errors: FormErrors;
  alert: string | null;
  /** Set after a plain post: the thank-you to show instead of the form. */
  sentMessage: string | null;
  /** "PNG, JPG, GIF up to 5MB", and the limit as it writes it ("5MB"). */
  uploadHint: string;
  uploadSize: string;
  maxBytes: number;
  /** The e-mail rule's words. */
  fieldErrors: Section<"fieldErrors">;
}

const ID = "review-form";
const STARS = [1, 2, 3, 4, 5] as const;

/** The avatar's size, and the photos' count and sizes, before anything is sent. */
function photoProblems(form: HTMLFormElement, limit: UploadLimit): FormErrors {
  const found: FormErrors = {};
  const avatarProblem = oversizedFile(form, "avatar", limit);
  if (avatarProblem) found.avatar = avatarProblem;
  const photos = form.elements.namedItem("photos");
  const photoCount = photos instanceof HTMLInputElement ? (photos.files?.length ?? 0) : 0;
  const photoProblem =
    photoCount > REVIEW_PHOTOS_MAX
      ? fill(limit.locale, limit.texts.tooManyPhotos, { max: REVIEW_PHOTOS_MAX })
      : oversizedFile(form, "photos", limit);
  if (photoProblem) found.photos = photoProblem;
  return found;
}

export default function ReviewForm(props: ReviewFormProps) {
  const { values, uploadHint, uploadSize, maxBytes, locale, texts, fieldErrors } = props;
  const LABELS = texts.labels;
  // One object for the island's life, so the schema is built once (perTexts).
  const [schemaTexts] = useState(() => ({ visitorForms: texts, fieldErrors }));
  const { errors, alert, sent, busy, summary, thanks, formProps } = useFormSubmit({
    schema: shopReviewSchema(schemaTexts),
    checkFiles: (form) => photoProblems(form, { maxBytes, size: uploadSize, locale, texts }),
    texts,
    errors: props.errors,
    alert: props.alert,
    sent: props.sentMessage,
  });

  if (sent) return <ThankYou message={sent} focusRef={thanks} />;

  const ratingError = errors.rating;
  return (
    <form
      method="post"
      action={routePath("reviews")}
      encType="multipart/form-data"
      className="request-form review-form"
      {...formProps}
    >
      <FormProblems alert={alert} errors={errors} focusRef={summary} idPrefix={ID} labels={LABELS} />
      <div className="field-row">
        <Field idPrefix={ID} name="name" label={LABELS.name} error={errors.name} required>
          {(p) => <input {...p} type="text" autoComplete="name" defaultValue={values.name} maxLength={120} />}
        </Field>
        <Field idPrefix={ID} name="email" label={LABELS.email} error={errors.email} required hint={texts.emailNotShown}>
          {(p) => <input {...p} type="email" autoComplete="email" defaultValue={values.email} maxLength={200} />}
        </Field>
      </div>
      <fieldset
        className={`field star-rating${ratingError ? " field--invalid" : ""}`}
        aria-describedby={ratingError ? `${ID}-rating-error` : undefined}
      >
        <legend>
          {LABELS.rating}
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
              <span className="visually-hidden">{plural(locale, texts.stars, n)}</span>
            </label>
          ))}
        </div>
        {ratingError && <FieldError id={`${ID}-rating-error`} message={ratingError} />}
      </fieldset>
      <Field idPrefix={ID} name="text" label={LABELS.text} error={errors.text} required>
        {(p) => <textarea {...p} rows={5} defaultValue={values.text} maxLength={REVIEW_MAX + 200} />}
      </Field>
      <div className="field-row">
        <Field idPrefix={ID} name="avatar" label={LABELS.avatar} error={errors.avatar} hint={uploadHint}>
          {(p) => <input {...p} type="file" accept="image/png,image/jpeg,image/gif" />}
        </Field>
        <Field
          idPrefix={ID}
          name="photos"
          label={LABELS.photos}
          error={errors.photos}
          hint={fill(locale, texts.photosHint, { hint: uploadHint, max: REVIEW_PHOTOS_MAX })}
        >
          {(p) => <input {...p} type="file" accept="image/png,image/jpeg,image/gif" multiple />}
        </Field>
      </div>
      <Honeypot idPrefix={ID} />
      <ConsentLine texts={texts} />
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.sending : texts.publish}
      </button>
    </form>
  );
}
