/**
 * "Leave a review" on /reviews: name, e-mail, a 1–5 star rating, the text, and
 * optionally an avatar and photos. A plain multipart form that posts and
 * redirects; once touched it checks itself with the shared schema (and the
 * files' size and count) and sends with fetch, staying in place.
 */
import { type FormEvent, useRef, useState } from "react";
import { checkForm } from "../../shared/forms/form-result";
import { REVIEW_MAX, REVIEW_PHOTOS_MAX, shopReviewSchema } from "../../shared/forms/shop-review";
import { REQUEST_LABELS } from "../../shared/forms/visitor-fields";
import { ErrorSummary, Field, FieldError } from "../components/fields";
import {
  ConsentLine,
  type Errors,
  formValues,
  Honeypot,
  oversizedFile,
  postForm,
  ThankYou,
  type Values,
} from "../components/request-form-parts";

export interface ReviewFormProps {
  values: Values;
  errors: Errors;
  alert: string | null;
  /** Set after a plain post: the thank-you to show instead of the form. */
  sentMessage: string | null;
  /** "PNG, JPG, GIF up to 5MB" */
  uploadHint: string;
  maxBytes: number;
}

const ID = "review-form";
const STARS = [1, 2, 3, 4, 5] as const;

export default function ReviewForm(props: ReviewFormProps) {
  const { values, uploadHint, maxBytes } = props;
  const [errors, setErrors] = useState<Errors>(props.errors);
  const [alert, setAlert] = useState<string | null>(props.alert);
  const [sent, setSent] = useState<string | null>(props.sentMessage);
  const [busy, setBusy] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const thanks = useRef<HTMLDivElement>(null);
  const limit = uploadHint.replace(/^.* up to /, "");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const checked = checkForm(shopReviewSchema, formValues(form));
    const found: Errors = checked.ok ? {} : { ...checked.errors };
    const avatarProblem = oversizedFile(form, "avatar", maxBytes, limit);
    if (avatarProblem) found.avatar = avatarProblem;
    const photos = form.elements.namedItem("photos");
    const photoCount = photos instanceof HTMLInputElement ? (photos.files?.length ?? 0) : 0;
    const photoProblem =
      photoCount > REVIEW_PHOTOS_MAX
        ? `Please choose at most ${REVIEW_PHOTOS_MAX} photos.`
        : oversizedFile(form, "photos", maxBytes, limit);
    if (photoProblem) found.photos = photoProblem;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setAlert(null);
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    setBusy(true);
    const answer = await postForm(form);
    setBusy(false);
    if (answer.ok) {
      setSent(answer.message);
      setErrors({});
      setAlert(null);
      requestAnimationFrame(() => thanks.current?.focus());
      return;
    }
    const fieldErrors = answer.errors ?? {};
    setErrors(fieldErrors);
    setAlert(Object.keys(fieldErrors).length > 0 ? null : answer.message);
    requestAnimationFrame(() => summary.current?.focus());
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  }

  if (sent) return <ThankYou message={sent} focusRef={thanks} />;

  const ratingError = errors.rating;
  return (
    <form
      method="post"
      action="/reviews"
      encType="multipart/form-data"
      className="request-form review-form"
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-busy={busy || undefined}
    >
      {alert && (
        <div className="notice notice--error" role="alert" tabIndex={-1} ref={summary}>
          {alert}
        </div>
      )}
      {!alert && <ErrorSummary errors={errors} labels={REQUEST_LABELS} focusRef={summary} idPrefix={ID} />}
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
