/**
 * "Leave a review" on /reviews: name, e-mail, a 1–5 star rating and the text;
 * the avatar and photos are checked by the worker, by their content (the
 * island only pre-checks their size and count).
 */
import * as v from "valibot";
import { multiline } from "./rules";
import { longText, visitorEmail, visitorName } from "./visitor-fields";

const REVIEW_MIN = 10;
export const REVIEW_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 5;

export const shopReviewSchema = v.object({
  name: visitorName,
  email: visitorEmail,
  rating: v.pipe(multiline(), v.regex(/^[1-5]$/, "Please choose a rating from 1 to 5 stars."), v.transform(Number)),
  text: v.pipe(
    longText(REVIEW_MAX, "Please write a few words about your experience.", "review"),
    v.minLength(REVIEW_MIN, `Please write at least ${REVIEW_MIN} characters.`),
  ),
});

export type ShopReviewInput = v.InferOutput<typeof shopReviewSchema>;

/** The thank-you once a review is sent and waits for moderation. */
export const REVIEW_THANKS = "Thank you for your review! It will appear here once we have checked it.";
