/**
 * "Leave a review" on /reviews: name, e-mail, a 1–5 star rating and the text;
 * the avatar and photos are checked by the worker, by their content (the
 * island only pre-checks their size and count). The schema speaks the page's
 * language: `shopReviewSchema(texts)` builds it once per catalogue.
 */
import * as v from "valibot";
import { perTexts } from "./per-texts";
import { multiline } from "./rules";
import { longText, put, type VisitorTexts, visitorRules } from "./visitor-fields";

const REVIEW_MIN = 10;
export const REVIEW_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 5;

function build(texts: VisitorTexts) {
  const errors = texts.visitorForms.errors;
  const { name, email } = visitorRules(texts);
  return v.object({
    name,
    email,
    rating: v.pipe(multiline(), v.regex(/^[1-5]$/, errors.ratingMissing), v.transform(Number)),
    text: v.pipe(
      longText(REVIEW_MAX, errors.reviewMissing, errors.reviewTooLong),
      v.minLength(REVIEW_MIN, put(errors.reviewTooShort, { min: REVIEW_MIN })),
    ),
  });
}

export const shopReviewSchema: (texts: VisitorTexts) => ReturnType<typeof build> = perTexts(build);

export type ShopReviewInput = v.InferOutput<ReturnType<typeof shopReviewSchema>>;
