import { accountLink } from "./account-link";
import { alertEmail } from "./alert-email";
import { favouriteHearts } from "./favourite-hearts";
import { flashMessage } from "./flash";
import { bagCount, favouritesCount } from "./header-counts";
import { pageNonce } from "./nonce";
import { ownReviews } from "./own-reviews";
import type { Filling, PersonalFragment } from "./personal-fragment";
import { reviewIdentity } from "./review-identity";
import { userState } from "./user-state";

/** Every part of a page that belongs to the shopper, each one module with its placeholder and its filling. */
export const PERSONAL_FRAGMENTS: readonly PersonalFragment[] = [
  pageNonce,
  bagCount,
  favouritesCount,
  accountLink,
  userState,
  reviewIdentity,
  alertEmail,
  favouriteHearts,
  flashMessage,
  ownReviews,
];

/** The fragments that can sit below `<main>`, by the name a kept shell lists them under. */
export const BODY_FRAGMENTS = PERSONAL_FRAGMENTS.filter((fragment) => fragment.mark !== undefined);

/**
 * Streams a kept page through HTMLRewriter and fills the holes that belong to
 * the shopper, each fragment its own. Text goes in escaped; markup only from
 * our own components.
 */
export function fillHoles(response: Response, filling: Filling): Response {
  const rewriter = new HTMLRewriter();
  for (const fragment of PERSONAL_FRAGMENTS) {
    if (fragment.wants(filling)) fragment.fill(rewriter, filling);
  }
  return rewriter.transform(response);
}

/** Whether any hole of `holes` (a kept page's below `<main>`) has something of this shopper's to show. */
export function fillsAny(holes: ReadonlySet<string>, filling: Filling): boolean {
  return BODY_FRAGMENTS.some((fragment) => holes.has(fragment.name) && fragment.wants(filling));
}
