/**
 * The review form under a product (/product-reviews/{slug}). A signed-in
 * shopper's name and e-mail come from the account, so only guests are asked
 * for them; both schemas give the same value. They speak the page's language:
 * `productReviewSchemas(texts)` builds them once per catalogue section.
 */
import * as v from "valibot";
import type { Section } from "../i18n/messages-type";
import { perTexts } from "./per-texts";
import { collapseSpaces, email, text, trimmed } from "./rules";
import { put } from "./visitor-fields";

const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
const REVIEW_NAME_MAX = 80;

function build(texts: Section<"productReviewForm">) {
  const errors = texts.errors;
  const entries = {
    rating: v.pipe(
      trimmed(),
      v.nonEmpty(errors.ratingMissing),
      v.transform(Number),
      v.integer(errors.wholeStars),
      v.minValue(1, errors.wholeStars),
      v.maxValue(5, errors.wholeStars),
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
      v.nonEmpty(errors.textMissing),
      v.minLength(REVIEW_TEXT_MIN, put(errors.textTooShort, { min: REVIEW_TEXT_MIN })),
      v.maxLength(REVIEW_TEXT_MAX, (issue) => put(errors.textTooLong, { max: REVIEW_TEXT_MAX, count: issue.received })),
    ),
  };
  const name = v.pipe(text(), collapseSpaces, v.trim());
  const guest = v.object({
    ...entries,
    name: v.pipe(
      name,
      v.nonEmpty(errors.nameMissing),
      v.maxLength(REVIEW_NAME_MAX, put(errors.nameTooLong, { max: REVIEW_NAME_MAX })),
    ),
    email: email({ missing: errors.emailMissing, invalid: errors.emailInvalid }),
  });
  /** Signed in: the name and e-mail fields are not shown, and not used. */
  const signedIn = v.object({ ...entries, name, email: trimmed() });
  return { guest, signedIn };
}

/** The guest's and the signed-in shopper's schemas in one language. */
export const productReviewSchemas: (texts: Section<"productReviewForm">) => ReturnType<typeof build> = perTexts(build);

export type ReviewInput = v.InferOutput<ReturnType<typeof productReviewSchemas>["guest"]>;
export type ReviewField = keyof ReviewInput;
