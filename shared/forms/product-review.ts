/**
 * The review form under a product (/product-reviews/{slug}). A signed-in
 * shopper's name and e-mail come from the account, so only guests are asked
 * for them; both schemas give the same value.
 */
import * as v from "valibot";
import { collapseSpaces, email, text, trimmed } from "./rules";

const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
const REVIEW_NAME_MAX = 80;

const WHOLE_STARS = "A rating is a whole number of stars from 1 to 5.";

const entries = {
  rating: v.pipe(
    trimmed(),
    v.nonEmpty("Please choose a rating from 1 to 5 stars."),
    v.transform(Number),
    v.integer(WHOLE_STARS),
    v.minValue(1, WHOLE_STARS),
    v.maxValue(5, WHOLE_STARS),
  ),
  text: v.pipe(
    text(),
    // Line breaks kept as the shopper typed them; other control characters dropped.
    v.transform((value: string) =>
      value
        .replace(/\r\n?/g, "\n")
        // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters on purpose
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, ""),
    ),
    v.trim(),
    v.nonEmpty("Please write a few words about the product."),
    v.minLength(REVIEW_TEXT_MIN, `Please write at least ${REVIEW_TEXT_MIN} characters.`),
    v.maxLength(
      REVIEW_TEXT_MAX,
      (issue) => `Please keep your review under ${REVIEW_TEXT_MAX} characters (now ${issue.received}).`,
    ),
  ),
};

const name = v.pipe(text(), collapseSpaces, v.trim());

export const guestReviewSchema = v.object({
  ...entries,
  name: v.pipe(
    name,
    v.nonEmpty("Please enter your name, as it will appear with your review."),
    v.maxLength(REVIEW_NAME_MAX, `Please keep your name under ${REVIEW_NAME_MAX} characters.`),
  ),
  email: email({
    missing: "Please enter your e-mail address; we never show it.",
    invalid: "Please enter an e-mail address like name@example.com.",
  }),
});

/** Signed in: the name and e-mail fields are not shown, and not used. */
export const signedInReviewSchema = v.object({ ...entries, name, email: trimmed() });

export type ReviewInput = v.InferOutput<typeof guestReviewSchema>;
export type ReviewField = keyof ReviewInput;

export const REVIEW_LABELS: Record<ReviewField, string> = {
  rating: "Your rating",
  text: "Your review",
  name: "Your name",
  email: "E-mail",
};
