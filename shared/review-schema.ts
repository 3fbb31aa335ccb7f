/**
 * The product review form: one schema for the server and any island. Each
 * error is a message a shopper can act on, keyed by the field it sits beside.
 * A signed-in shopper's name and e-mail come from the account, so only
 * guests are asked for them.
 */
export interface ReviewInput {
  rating: number;
  text: string;
  name: string;
  email: string;
}

export type ReviewField = keyof ReviewInput;
export type ReviewErrors = Partial<Record<ReviewField, string>>;
export type ValidatedReview = { ok: true; value: ReviewInput } | { ok: false; errors: ReviewErrors };

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 80;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export const REVIEW_LABELS: Record<ReviewField, string> = {
  rating: "Your rating",
  text: "Your review",
  name: "Your name",
  email: "E-mail",
};

export function validateReview(raw: Partial<Record<ReviewField, unknown>>, guest: boolean): ValidatedReview {
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const errors: ReviewErrors = {};
  const ratingText = str(raw.rating).trim();
  const rating = Number(ratingText);
  if (ratingText === "") errors.rating = "Please choose a rating from 1 to 5 stars.";
  else if (!Number.isInteger(rating) || rating < 1 || rating > 5)
    errors.rating = "A rating is a whole number of stars from 1 to 5.";
  // Line breaks kept as the shopper typed them; other control characters dropped.
  const text = str(raw.text)
    .replace(/\r\n?/g, "\n")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters on purpose
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
    .trim();
  if (text === "") errors.text = "Please write a few words about the product.";
  else if (text.length < REVIEW_TEXT_MIN) errors.text = `Please write at least ${REVIEW_TEXT_MIN} characters.`;
  else if (text.length > REVIEW_TEXT_MAX)
    errors.text = `Please keep your review under ${REVIEW_TEXT_MAX} characters (now ${text.length}).`;
  const name = str(raw.name).replace(/\s+/g, " ").trim();
  const email = str(raw.email).trim();
  if (guest) {
    if (name === "") errors.name = "Please enter your name, as it will appear with your review.";
    else if (name.length > REVIEW_NAME_MAX) errors.name = `Please keep your name under ${REVIEW_NAME_MAX} characters.`;
    if (email === "") errors.email = "Please enter your e-mail address; we never show it.";
    else if (email.length > 254 || !EMAIL.test(email))
      errors.email = "Please enter an e-mail address like name@example.com.";
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { rating, text, name, email } };
}
