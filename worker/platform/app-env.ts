import type { Context } from "hono";
import type { CatalogFilter } from "../../shared/catalog-filter";
import type { UserProfile } from "../../shared/cms-model/user-profile";
import type { Locale } from "../../shared/constants";
import type { KeptRender } from "./page-fate";

/**
 * The signed-in shopper as the session resolved them from the CMS's /users/me
 * (null: anonymous). Profile fields are null until the shopper fills them in
 * (and when the CMS's user type lacks them).
 */
export interface SessionUser extends UserProfile {
  id: number;
  username: string;
  email: string;
  /** False while the CMS still waits for the e-mail confirmation. */
  confirmed: boolean;
}

/**
 * Something that happens when a shopper signs in, e.g. the anonymous bag and favourites
 * of this browser's visitor id move into the account. It gets the request context
 * (c.var.user and c.var.token are already the new session), the user, and the anonymous
 * visitor id (null when the browser has none). Assembled in worker/index.ts.
 */
export type SignInHook = (c: Context<AppEnv>, user: SessionUser, visitorId: string | null) => Promise<void>;

/** A route limit's refusal: how long to wait, and the sentence that says so (middleware/route-limits.ts). */
export interface LimitRefusal {
  retryAfter: number;
  message: string;
}

/** One owner's bag, favourites and pending reviews, as stores/shopper-counts.ts reads them once per request. */
export interface ShopperCounts {
  bag: number;
  favourites: string[];
  /** Products on which this owner has a review waiting for moderation (shown to them alone). */
  pendingReviews: number[];
}

/** Per-request values set by middleware and read by pages. */
export interface AppVariables {
  /** CSP nonce for this response's own inline scripts. */
  nonce: string;
  locale: Locale;
  user: SessionUser | null;
  /** What runs at sign-in, handed to the session middleware by worker/index.ts. */
  signInHooks: readonly SignInHook[];
  /** Set by the `noindex` route middleware: the page also gets a robots meta tag. */
  noindex?: boolean;
  /** The shopper's token (strapi_jwt) when the session holds one; only personal CMS calls send it. */
  token: string | null;
  /** The staff member using the staff desk, once screens/staff/desk/staff-gate.ts has checked the role with the CMS. */
  staff?: { id: number; name: string; email: string };
  /** SHA-256 of the shop's session id (docs/decisions/0072) while a session is live in this request. */
  sessionIdHash?: string | null;
  /** A route limit refused this request; a route that answers replays first answers it after (middleware/route-limits.ts). */
  limitRefusal?: LimitRefusal | null;
  /** A `carried` route's limit statements, for its own action's batch (middleware/route-limits.ts). */
  carriedLimits?: {
    statements: D1PreparedStatement[];
    rules: { action: string; limit: number; windowSeconds: number }[];
    taken: boolean;
  };
  /**
   * A shared page rendering for keeping, and what it turned out to be (decision 0096): set once by its
   * page shell (frame/shells/page-shell.ts) before the screen runs, for the rest of the request.
   */
  keeping?: KeptRender;
  /** Versions of the tags this request read, each read once per request (worker/platform/caches/versions.ts). */
  tagVersions?: Map<string, string>;
  /** Tags to read with the request's next bulk read of versions (worker/platform/caches/versions.ts, readAlong). */
  tagsAlong?: string[];
  /** Sends a request through the whole app again, in this request's bindings and context (frame/shells/shell-refresh.ts). */
  renderAnew?: (request: Request) => Response | Promise<Response>;
  /** The shopper's counts, read once per request (stores/shopper-counts.ts). */
  shopperCounts?: { key: string; counts: Promise<ShopperCounts> };
  /** The visitor id as read from its cookie (null: none, or not ours), or made during this request (its cookie is only in the response). */
  visitorId?: string | null;
  /** Records must come from the CMS itself in this request (placing an order). */
  uncachedRecords?: boolean;
  /**
   * The query a shared page reads, read once by its page shell (its row's `query`, frame/shells/page-query.ts):
   * its one spelling, which the language switch links with, and on a listing the filter as read.
   */
  pageQuery?: { key: string; filter?: CatalogFilter };
  /** The D1 binding as the request was given it, and its near session once made (platform/database/request-database.ts). */
  database?: { binding: D1Database; near?: D1Database };
}

/**
 * The CMS as a fetch-shaped service (a service binding's shape): a real Strapi over the
 * network, or the embedded CMS in process (worker/platform/cms-client/cms-service.ts).
 */
export interface CmsService {
  fetch(request: Request): Promise<Response>;
}

/** The worker's bindings and, for each request, the CMS to call. */
export type ShopBindings = Env & { readonly CMS: CmsService };

export interface AppEnv {
  Bindings: ShopBindings;
  Variables: AppVariables;
}
