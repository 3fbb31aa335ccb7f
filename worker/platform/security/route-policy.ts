import { REVIEW_PHOTOS_MAX } from "../../../shared/forms/shop-review";

/**
 * What every state-changing route may receive and how often: one row per route of the
 * app (method + Hono path). The body guard and the route limits read this table, and
 * tests/worker/security-route-coverage.test.ts fails when the app has a state-changing
 * route without a row, so a new route cannot ship without a body limit and a rate limit.
 */
export type BodyKind =
  /** A browser form (urlencoded or multipart, no files): a few KB. */
  | "form"
  /** A form with file fields: the files' limit plus a margin. */
  | "upload"
  /** A JSON API (the embedded CMS's auth and GraphQL). */
  | "json"
  /** A signed webhook from a service (read as raw text). */
  | "webhook";

export interface Limit {
  limit: number;
  windowSeconds: number;
}

export interface RoutePolicy {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The Hono path as registered, e.g. `/requests/:kind`. */
  path: string;
  body: BodyKind;
  /** File parts allowed (upload routes). */
  files?: number;
  /**
   * Per visitor: the account when signed in, else the signed visitor id. Checked first; it
   * stops one browser's flood. Absent for services and API clients, which carry neither.
   */
  perVisitor?: Limit;
  /**
   * Per address (IPv6: per /64): a flood's limit, set above what a crowd behind one carrier's
   * address sends (CROWD below), so it only stops clients that throw their cookies away.
   */
  perAddress: Limit;
  /** The route answers a replay (same idempotency key, same words) before the limits' refusal. */
  replays?: true;
}

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

/** Bag and favourites: a shopper taps quickly, but not 60 times a minute for long. */
const BROWSING = {
  perVisitor: { limit: 60, windowSeconds: MINUTE },
  // 200 shoppers × ~6 taps a minute at the busiest moment = 1 200.
  perAddress: { limit: 1_200, windowSeconds: MINUTE },
};
/** Sign-in, sign-up, profile and password forms (the CMS also limits sign-in per identifier). */
const ACCOUNT_FORM = {
  perVisitor: { limit: 20, windowSeconds: MINUTE },
  // 200 shoppers each signing in and making a mistake or two in one minute = 600.
  perAddress: { limit: 3 * CROWD, windowSeconds: MINUTE },
};
/** Orders put work on people and send e-mails: one browser's flood must stop early. */
const ORDERS = {
  perVisitor: { limit: 10, windowSeconds: TEN_MINUTES },
  // The floor is 200 orders per address per 10 minutes; a crowd of 200 ordering once each, with room.
  perAddress: { limit: 300, windowSeconds: TEN_MINUTES },
  replays: true as const,
};
/** Requests and shop reviews: answered by people, so few per visitor; the forms keep their own per-kind limits. */
const REQUESTS = {
  perVisitor: { limit: 8, windowSeconds: TEN_MINUTES },
  perAddress: { limit: CROWD, windowSeconds: TEN_MINUTES },
  replays: true as const,
};
/**
 * Back-in-stock alerts: a shopper asks for a few shades or sizes in a sitting. A sale that sells a
 * popular shade out can send a whole crowd to the form at once, each asking once or twice: twice the
 * crowd. Each address is also sent at most 10 confirmations an hour (screens/product/stock-alert-routes.ts).
 */
const STOCK_ALERTS = {
  perVisitor: { limit: 8, windowSeconds: TEN_MINUTES },
  perAddress: { limit: 2 * CROWD, windowSeconds: TEN_MINUTES },
  replays: true as const,
};
/**
 * The staff desk: a few people, each clearing a backlog (reviews, failed e-mails) a click every
 * second or two; the role is checked with the CMS on every post as well.
 */
const STAFF_DESK = {
  perVisitor: { limit: 60, windowSeconds: MINUTE },
  perAddress: { limit: 600, windowSeconds: MINUTE },
};
/** The embedded CMS's JSON API, called by API clients (the shop's own forms call it in-process). */
const API = { perAddress: { limit: 300, windowSeconds: MINUTE } };
const SERVICE = { perAddress: { limit: 600, windowSeconds: MINUTE } };

export const ROUTE_POLICIES: readonly RoutePolicy[] = [
  { method: "POST", path: "/graphql", body: "json", perAddress: { limit: 600, windowSeconds: MINUTE } },
  { method: "POST", path: "/api/payments/webhook", body: "webhook", ...SERVICE },
  { method: "POST", path: "/api/cms/webhook", body: "webhook", ...SERVICE },
  { method: "POST", path: "/cart/add", body: "form", ...BROWSING },
  { method: "POST", path: "/cart/update", body: "form", ...BROWSING },
  { method: "POST", path: "/cart/remove", body: "form", ...BROWSING },
  { method: "POST", path: "/favorites/toggle", body: "form", ...BROWSING },
  { method: "POST", path: "/cart/order", body: "form", ...ORDERS },
  { method: "POST", path: "/product-reviews/:slug", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/api/auth/local", body: "json", ...API },
  { method: "POST", path: "/api/auth/local/register", body: "json", ...API },
  { method: "POST", path: "/api/auth/forgot-password", body: "json", ...API },
  { method: "POST", path: "/api/auth/reset-password", body: "json", ...API },
  { method: "POST", path: "/api/auth/change-password", body: "json", ...API },
  { method: "POST", path: "/api/auth/send-email-confirmation", body: "json", ...API },
  { method: "PUT", path: "/api/users/:id{[0-9]+}", body: "json", ...API },
  { method: "POST", path: "/user/login", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/signup", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/signup/resend", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/logout", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/password", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/password/forgot", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/password/reset", body: "form", ...ACCOUNT_FORM },
  { method: "POST", path: "/user/edit", body: "upload", files: 1, ...ACCOUNT_FORM },
  { method: "POST", path: "/requests/:kind", body: "upload", files: 1, ...REQUESTS },
  { method: "POST", path: "/reviews", body: "upload", files: 1 + REVIEW_PHOTOS_MAX, ...REQUESTS },
  { method: "POST", path: "/stock-alerts", body: "form", ...STOCK_ALERTS },
  // One-click unsubscribe (RFC 8058) comes from mail providers' servers, many shoppers behind each: no visitor to count.
  { method: "POST", path: "/stock-alerts/unsubscribe/:token", body: "form", ...SERVICE },
  { method: "POST", path: "/staff/orders/:number", body: "form", ...STAFF_DESK },
  // A delivery's CSV: the text box or one file.
  { method: "POST", path: "/staff/products", body: "upload", files: 1, ...STAFF_DESK },
  { method: "POST", path: "/staff/products/:slug", body: "form", ...STAFF_DESK },
  { method: "POST", path: "/staff/requests/:publicId", body: "form", ...STAFF_DESK },
  { method: "POST", path: "/staff/outbox", body: "form", ...STAFF_DESK },
  { method: "POST", path: "/staff/reviews/shop/:ref", body: "form", ...STAFF_DESK },
  { method: "POST", path: "/staff/reviews/product/:ref", body: "form", ...STAFF_DESK },
  { method: "POST", path: "/staff/redirects", body: "form", ...STAFF_DESK },
  { method: "POST", path: "/staff/redirects/:id", body: "form", ...STAFF_DESK },
];

/** Bytes a non-upload body may have. Forms are a few fields; JSON is a sign-in or a query. */
export const FORM_MAX_BYTES = 16 * 1024;
export const JSON_MAX_BYTES = 64 * 1024;
/** Stripe's events are well under this; the CMS webhook sends one entry. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;
/** Multipart boundaries, headers and the text fields next to the files. */
export const UPLOAD_MARGIN_BYTES = 64 * 1024;
/** Parts (fields and files) a form may have at all. */
export const MAX_FORM_PARTS = 100;

/** The largest body the policy lets through for this route. */
export function maxBodyBytes(policy: RoutePolicy | null, uploadMaxBytes: number): number {
  switch (policy?.body) {
    case "upload":
      return (policy.files ?? 1) * uploadMaxBytes + UPLOAD_MARGIN_BYTES;
    case "json":
      return JSON_MAX_BYTES;
    case "webhook":
      return WEBHOOK_MAX_BYTES;
    default:
      return FORM_MAX_BYTES;
  }
}

/** `/requests/:kind` → a regular expression for the concrete path. */
function compile(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      const param = segment.match(/^:[A-Za-z_]+(?:\{(.+)\})?$/);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return param[1] ? `(?:${param[1]})` : "[^/]+";
    })
    .join("/");
  return new RegExp(`^${source}$`);
}

const COMPILED = ROUTE_POLICIES.map((policy) => ({ policy, pattern: compile(policy.path) }));

/** The policy for a request, or null (reads, unknown paths). */
export function routePolicy(method: string, path: string): RoutePolicy | null {
  const upper = method.toUpperCase();
  return COMPILED.find(({ policy, pattern }) => policy.method === upper && pattern.test(path))?.policy ?? null;
}
