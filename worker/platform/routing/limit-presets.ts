import type { Limits } from "./route-spec";

/**
 * The named rate limits every state-changing route picks one of (its row, next to its handler,
 * says which; docs/decisions/0073). Per visitor first: the account when signed in, else the
 * signed visitor id; it stops one browser's flood. Per address (IPv6: per /64): a flood's
 * limit, set above what a crowd behind one carrier's address sends (CROWD below), so it only
 * stops clients that throw their cookies away. `replays`: the route answers a replay (same
 * idempotency key, same words) before the limits' refusal.
 */
const MINUTE = 60;
const TEN_MINUTES = 10 * MINUTE;

/**
 * The crowd the per-address limits are sized for: UAE carriers put many phones behind one
 * public address (carrier-grade NAT). At a busy hour we size for 200 shoppers on one address
 * in the same ten minutes, each adding a dozen things to the bag, signing in, ordering once
 * and sending a request now and then; every per-address limit below is above what they send
 * together, with room to spare. One browser's flood is stopped by its per-visitor limit long before.
 */
const CROWD = 200;

/**
 * Bag and favourites: a shopper taps quickly, but not 60 times a minute for long. Counted in the
 * action's own batch (one round trip for the whole tap), and a tap goes through when D1 cannot count.
 */
export const BROWSING: Limits = {
  perVisitor: { limit: 60, windowSeconds: MINUTE },
  // 200 shoppers × ~6 taps a minute at the busiest moment = 1 200.
  perAddress: { limit: 1_200, windowSeconds: MINUTE },
  carried: true,
};
/** Sign-in, sign-up, profile and password forms (the CMS also limits sign-in per identifier). */
export const ACCOUNT_FORM: Limits = {
  perVisitor: { limit: 20, windowSeconds: MINUTE },
  // 200 shoppers each signing in and making a mistake or two in one minute = 600.
  perAddress: { limit: 3 * CROWD, windowSeconds: MINUTE },
};
/** Orders put work on people and send e-mails: one browser's flood must stop early. */
export const ORDERS: Limits = {
  perVisitor: { limit: 10, windowSeconds: TEN_MINUTES },
  // The floor is 200 orders per address per 10 minutes; a crowd of 200 ordering once each, with room.
  perAddress: { limit: 300, windowSeconds: TEN_MINUTES },
  replays: true,
  // Counted in the order's first batch, beside the look for a replay (screens/cart/place-order.ts).
  carried: true,
};
/** Requests and shop reviews: answered by people, so few per visitor; the forms keep their own per-kind limits. */
export const REQUESTS: Limits = {
  perVisitor: { limit: 8, windowSeconds: TEN_MINUTES },
  perAddress: { limit: CROWD, windowSeconds: TEN_MINUTES },
  replays: true,
};
/**
 * Back-in-stock alerts: a shopper asks for a few shades or sizes in a sitting. A sale that sells a
 * popular shade out can send a whole crowd to the form at once, each asking once or twice: twice the
 * crowd. Each address is also sent at most 10 confirmations an hour (screens/product/stock-alert-routes.ts).
 */
export const STOCK_ALERTS: Limits = {
  perVisitor: { limit: 8, windowSeconds: TEN_MINUTES },
  perAddress: { limit: 2 * CROWD, windowSeconds: TEN_MINUTES },
  replays: true,
};
/**
 * The order lookup (worker/screens/account/order-lookup.tsx): a shopper types a number and an e-mail
 * or phone once or twice; ten tries in ten minutes, so order numbers cannot be tried by the thousand.
 * `replays`: the refusal is handed to the form, which says it above its fields.
 */
export const ORDER_LOOKUP: Limits = {
  perVisitor: { limit: 10, windowSeconds: TEN_MINUTES },
  perAddress: { limit: CROWD, windowSeconds: TEN_MINUTES },
  replays: true,
};
/**
 * The staff desk: a few people, each clearing a backlog (reviews, failed e-mails) a click every
 * second or two; the role is checked with the CMS on every post as well.
 */
export const STAFF_DESK: Limits = {
  perVisitor: { limit: 60, windowSeconds: MINUTE },
  perAddress: { limit: 600, windowSeconds: MINUTE },
};
/**
 * The embedded CMS's JSON API, for API clients on the internet. The shop's own calls (/users/me for
 * every signed-in page, the account forms' calls) never meet it: they call the CMS's app in process
 * (worker/platform/cms-client/cms-service.ts), which does not pass the shop's middleware, so a crowd
 * of signed-in shoppers behind one address is never counted here (decision 0135). The CMS's own
 * sign-in limits (per identifier, per address: worker/cms/auth/auth-middleware.ts) still count them.
 */
export const API: Limits = { perAddress: { limit: 300, windowSeconds: MINUTE } };
/** Services (webhooks, mail providers): no visitor to count. */
export const SERVICE: Limits = { perAddress: { limit: 600, windowSeconds: MINUTE } };
/** GraphQL: the storefront's own server-side reads go in process, never counted here (as API); this bounds outside callers. */
export const GRAPHQL: Limits = { perAddress: { limit: 600, windowSeconds: MINUTE } };
