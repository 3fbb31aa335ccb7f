/**
 * The name of every cookie the shop sets, in one place: the worker sets and reads them
 * by these constants, and tests name them the same way. The names are requirements,
 * not choices (docs/decisions/0013): the specification's (`strapi_jwt`, `i18n_redirected`)
 * are read by any front end written against it, and renaming one of the shop's own
 * would orphan what browsers already hold. tests/worker/cookie-names.test.ts pins them.
 */

/** The CMS's JWT (spec section 9): HttpOnly, 7 days. */
export const TOKEN_COOKIE = "strapi_jwt";

/** The locale chosen or detected on the first visit (spec section 9). */
export const LOCALE_COOKIE = "i18n_redirected";

/** An anonymous shopper's signed id, owner of their bag and favourites (decision 0013 on the `__Host-` changeover). */
export const VISITOR_COOKIE = "visitor_id";

/** An anonymous shopper's signed bag and favourites counts, so a kept page's header needs no query. */
export const VISITOR_COUNTS_COOKIE = "bag_state";

/** A one-shot message across post → redirect → get. */
export const FLASH_COOKIE = "flash";

/** The provider sign-in's state and return path: `__Host-`, so only this host sets it, over HTTPS, path /. */
export const PROVIDER_STATE_COOKIE = "__Host-auth_state";

/** The shop's session id beside `strapi_jwt` (docs/decisions/0072): `__Host-`, HttpOnly, as long as the token cookie. */
export const SESSION_COOKIE = "__Host-session";

/**
 * Where the shopper's last write left D1 (a Sessions API bookmark, docs/decisions/0100): their next
 * request reads from a replica that has caught up to it, or from the primary.
 */
export const DB_BOOKMARK_COOKIE = "__Host-db_bookmark";

/**
 * When this browser last changed what kept pages show (an order taking stock, a desk change): its
 * next pages are not served from a copy kept before then (worker/frame/shells/own-changes.ts).
 */
export const PAGES_CHANGED_COOKIE = "__Host-pages_changed";

/**
 * What a shopper typed at checkout, kept while the order was sent back to the bag (stock ran short, a code
 * was refused) so the form is filled again on return: HttpOnly, 30 minutes, gone once an order is placed
 * (worker/screens/cart/checkout-draft.ts).
 */
export const CHECKOUT_DRAFT_COOKIE = "__Host-checkout_draft";

/**
 * The token of this browser's next add to the bag from a plain form, renewed by every add's answer, so
 * the same post sent twice adds once (worker/platform/bag/add-token.ts): `__Host-`, HttpOnly, a day.
 */
export const ADD_TOKEN_COOKIE = "__Host-add_token";
