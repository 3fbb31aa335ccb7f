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

export interface RoutePolicy {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  /** The Hono path as registered, e.g. `/requests/:kind`. */
  path: string;
  body: BodyKind;
  /** File parts allowed (upload routes). */
  files?: number;
  /** Requests per window per address (IPv6: per /64). */
  perAddress: { limit: number; windowSeconds: number };
  /** Also per visitor (signed visitor id or account), for forms a flood would abuse. */
  perVisitor?: { limit: number; windowSeconds: number };
}

const MINUTE = 60;
const BROWSING = { limit: 60, windowSeconds: MINUTE };
const ACCOUNT_FORM = { limit: 20, windowSeconds: MINUTE };
const API = { limit: 60, windowSeconds: MINUTE };
const SERVICE = { limit: 600, windowSeconds: MINUTE };
/** Orders and requests put work on people and send e-mails: a flood must stop early. */
const ORDERS_PER_ADDRESS = { limit: 20, windowSeconds: 10 * MINUTE };
const ORDERS_PER_VISITOR = { limit: 5, windowSeconds: 10 * MINUTE };
const REQUESTS_PER_ADDRESS = { limit: 20, windowSeconds: 10 * MINUTE };
const REQUESTS_PER_VISITOR = { limit: 8, windowSeconds: 10 * MINUTE };

export const ROUTE_POLICIES: readonly RoutePolicy[] = [
  { method: "POST", path: "/graphql", body: "json", perAddress: { limit: 300, windowSeconds: MINUTE } },
  { method: "POST", path: "/api/payments/webhook", body: "webhook", perAddress: SERVICE },
  { method: "POST", path: "/api/cms/webhook", body: "webhook", perAddress: SERVICE },
  { method: "POST", path: "/cart/add", body: "form", perAddress: BROWSING },
  { method: "POST", path: "/cart/update", body: "form", perAddress: BROWSING },
  { method: "POST", path: "/cart/remove", body: "form", perAddress: BROWSING },
  { method: "POST", path: "/favorites/toggle", body: "form", perAddress: BROWSING },
  {
    method: "POST",
    path: "/cart/order",
    body: "form",
    perAddress: ORDERS_PER_ADDRESS,
    perVisitor: ORDERS_PER_VISITOR,
  },
  { method: "POST", path: "/product-reviews/:slug", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/api/auth/local", body: "json", perAddress: API },
  { method: "POST", path: "/api/auth/local/register", body: "json", perAddress: API },
  { method: "POST", path: "/api/auth/forgot-password", body: "json", perAddress: API },
  { method: "POST", path: "/api/auth/reset-password", body: "json", perAddress: API },
  { method: "POST", path: "/api/auth/change-password", body: "json", perAddress: API },
  { method: "POST", path: "/api/auth/send-email-confirmation", body: "json", perAddress: API },
  { method: "PUT", path: "/api/users/:id{[0-9]+}", body: "json", perAddress: API },
  { method: "POST", path: "/user/login", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/signup", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/signup/resend", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/logout", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/password", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/password/forgot", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/password/reset", body: "form", perAddress: ACCOUNT_FORM },
  { method: "POST", path: "/user/edit", body: "upload", files: 1, perAddress: ACCOUNT_FORM },
  {
    method: "POST",
    path: "/requests/:kind",
    body: "upload",
    files: 1,
    perAddress: REQUESTS_PER_ADDRESS,
    perVisitor: REQUESTS_PER_VISITOR,
  },
  {
    method: "POST",
    path: "/reviews",
    body: "upload",
    files: 1 + REVIEW_PHOTOS_MAX,
    perAddress: REQUESTS_PER_ADDRESS,
    perVisitor: REQUESTS_PER_VISITOR,
  },
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
