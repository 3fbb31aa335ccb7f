/**
 * The route table of spec section 2: one row per screen, every fact of a page in one place.
 * The name carries the specification's `___en` suffix; a row serves both locales, English
 * without a prefix and Arabic under /ar (shared/locale-path.ts, decision 0088), `page` names the page module the worker renders, `middleware` the route
 * middleware that run before it (resolved by the worker at start-up), and `personal` whether
 * the page depends on the shopper: a personal page is served without a page shell, left out
 * of the sitemap, and its area is in shared/personal-paths.ts (robots.txt, the browser's
 * prefetch; the compiler checks that list against these rows). Isomorphic: links read it too,
 * through `routePath` below (decision 0097).
 */
import type { Locale } from "./constants";
import { localizePath } from "./locale-path";

export type RouteMiddlewareName = "auth" | "guest" | "noindex" | "search-misses";

/** The page modules a route can name; worker/page-registry.ts must map every one (the compiler checks). */
export type PageName =
  | "home"
  | "blog-list"
  | "blog-tag"
  | "blog-post"
  | "catalog"
  | "category"
  | "product"
  | "brands"
  | "brand"
  | "cart"
  | "checkout"
  | "search"
  | "wholesale"
  | "favorites"
  | "reviews"
  | "projects"
  | "project"
  | "info"
  | "contacts"
  | "partnership"
  | "user"
  | "user-login"
  | "user-signup"
  | "user-edit"
  | "user-orders"
  | "user-password";

/**
 * The query parameters a page reads (worker/frame/shells/page-query.ts spells each one way):
 * a kept page's key holds those alone, an invalid value is a 301 to the page's one spelling, and
 * any other parameter is left in the URL (for analytics) and out of the key.
 */
export type PageQuery =
  /** Reads none (`?utm_source=…`, `?ref=…` and the like never change it). */
  | "none"
  /** `page` (a list of posts). */
  | "pager"
  /** The smart filter, its sort and its page, in a category. */
  | "category-listing"
  /** The same within one brand (no maker facet). */
  | "brand-listing"
  /** `q` and `page`. */
  | "search"
  /** `variant` (a shade or size). */
  | "variant"
  /** `sent`, the thanks after one of its request forms was posted. */
  | "sent"
  /** `page`, and `sent` after a review is posted. */
  | "reviews";

interface RowFacts {
  readonly name: `${string}___en`;
  /** Hono path pattern, without a trailing slash. */
  readonly path: string;
  readonly page: PageName;
  readonly query: PageQuery;
}

/**
 * A page for signed-in shoppers (`auth`) or for guests (`guest`) depends on the shopper, so only a
 * personal row may name them. A personal page is never kept, so it has no key to read a query into:
 * its `query` is "none" (the page shell reads the others', frame/shells/page-shell.ts).
 */
export type RouteDefinition = RowFacts &
  (
    | { readonly personal: true; readonly query: "none"; readonly middleware: readonly RouteMiddlewareName[] }
    | { readonly personal: false; readonly middleware: readonly Exclude<RouteMiddlewareName, "auth" | "guest">[] }
  );

const table = [
  { name: "index___en", path: "/", page: "home", query: "none", personal: false, middleware: [] },
  { name: "blog___en", path: "/blog", page: "blog-list", query: "pager", personal: false, middleware: [] },
  { name: "blog-tag___en", path: "/blog/:tag", page: "blog-tag", query: "pager", personal: false, middleware: [] },
  {
    name: "blog-tag-slug___en",
    path: "/blog/:tag/:slug",
    page: "blog-post",
    query: "none",
    personal: false,
    middleware: [],
  },
  { name: "catalog___en", path: "/catalog", page: "catalog", query: "none", personal: false, middleware: [] },
  {
    name: "catalog-category___en",
    path: "/catalog/:category",
    page: "category",
    query: "category-listing",
    personal: false,
    middleware: [],
  },
  {
    name: "catalog-category-slug___en",
    path: "/catalog/:category/:slug",
    page: "product",
    query: "variant",
    personal: false,
    middleware: [],
  },
  { name: "brands___en", path: "/brands", page: "brands", query: "none", personal: false, middleware: [] },
  {
    name: "brands-slug___en",
    path: "/brands/:slug",
    page: "brand",
    query: "brand-listing",
    personal: false,
    middleware: [],
  },
  { name: "cart___en", path: "/cart", page: "cart", query: "none", personal: true, middleware: ["noindex"] },
  {
    name: "cart-order___en",
    path: "/cart/order",
    page: "checkout",
    query: "none",
    personal: true,
    middleware: ["noindex"],
  },
  {
    name: "search___en",
    path: "/search",
    page: "search",
    query: "search",
    personal: false,
    middleware: ["noindex", "search-misses"],
  },
  { name: "wholesale___en", path: "/wholesale", page: "wholesale", query: "sent", personal: false, middleware: [] },
  {
    name: "favorites___en",
    path: "/favorites",
    page: "favorites",
    query: "none",
    personal: true,
    middleware: ["noindex"],
  },
  { name: "reviews___en", path: "/reviews", page: "reviews", query: "reviews", personal: false, middleware: [] },
  { name: "projects___en", path: "/projects", page: "projects", query: "none", personal: false, middleware: [] },
  {
    name: "projects-slug___en",
    path: "/projects/:slug",
    page: "project",
    query: "none",
    personal: false,
    middleware: [],
  },
  { name: "company___en", path: "/company", page: "info", query: "none", personal: false, middleware: [] },
  { name: "contacts___en", path: "/contacts", page: "contacts", query: "sent", personal: false, middleware: [] },
  { name: "delivery___en", path: "/delivery", page: "info", query: "none", personal: false, middleware: [] },
  { name: "payment___en", path: "/payment", page: "info", query: "none", personal: false, middleware: [] },
  {
    name: "partnership___en",
    path: "/partnership",
    page: "partnership",
    query: "sent",
    personal: false,
    middleware: [],
  },
  {
    name: "privacy-policy___en",
    path: "/privacy-policy",
    page: "info",
    query: "none",
    personal: false,
    middleware: [],
  },
  { name: "refund-policy___en", path: "/refund-policy", page: "info", query: "none", personal: false, middleware: [] },
  {
    name: "terms-and-conditions___en",
    path: "/terms-and-conditions",
    page: "info",
    query: "none",
    personal: false,
    middleware: [],
  },
  { name: "user___en", path: "/user", page: "user", query: "none", personal: true, middleware: ["noindex", "auth"] },
  {
    name: "user-login___en",
    path: "/user/login",
    page: "user-login",
    query: "none",
    personal: true,
    middleware: ["noindex", "guest"],
  },
  {
    name: "user-signup___en",
    path: "/user/signup",
    page: "user-signup",
    query: "none",
    personal: true,
    middleware: ["noindex", "guest"],
  },
  {
    name: "user-edit___en",
    path: "/user/edit",
    page: "user-edit",
    query: "none",
    personal: true,
    middleware: ["noindex", "auth"],
  },
  {
    name: "user-orders___en",
    path: "/user/orders",
    page: "user-orders",
    query: "none",
    personal: true,
    middleware: ["noindex", "auth"],
  },
  {
    name: "user-password___en",
    path: "/user/password",
    page: "user-password",
    query: "none",
    personal: true,
    middleware: ["noindex"],
  },
] as const satisfies readonly RouteDefinition[];

export const routes: readonly RouteDefinition[] = table;

/** The paths of the personal pages (shared/personal-paths.ts checks its list of areas against them). */
export type PersonalPagePath = Extract<(typeof table)[number], { personal: true }>["path"];
/** The paths of the pages the same for every shopper. */
export type SharedPagePath = Extract<(typeof table)[number], { personal: false }>["path"];

/** A route's internal name: links name routes, never paths, and a typo does not compile. */
export type RouteName = (typeof table)[number]["name"];

/**
 * Routes a link may lead to that are not pages of the table above: the forms' targets, the order
 * pages, the stock-alert links, the JSON the islands fetch and the staff desk (decision 0097). Each
 * is registered by its own handler; the row only names its path, so links name it, never spell it.
 */
const targets = [
  { name: "cart-add", path: "/cart/add" },
  { name: "cart-update", path: "/cart/update" },
  { name: "cart-remove", path: "/cart/remove" },
  { name: "cart-order-number", path: "/cart/order/:number" },
  { name: "favorites-toggle", path: "/favorites/toggle" },
  { name: "user-orders-number", path: "/user/orders/:number" },
  { name: "user-logout", path: "/user/logout" },
  { name: "user-signup-resend", path: "/user/signup/resend" },
  { name: "user-password-forgot", path: "/user/password/forgot" },
  { name: "user-password-reset", path: "/user/password/reset" },
  { name: "user-connect", path: "/user/connect/:provider" },
  { name: "user-avatar", path: "/user/avatar/:key" },
  { name: "requests-kind", path: "/requests/:kind" },
  { name: "reviews-media", path: "/reviews/media/:file" },
  { name: "product-reviews", path: "/product-reviews/:slug" },
  { name: "stock-alerts", path: "/stock-alerts" },
  { name: "stock-alerts-confirm", path: "/stock-alerts/confirm/:token" },
  { name: "stock-alerts-unsubscribe", path: "/stock-alerts/unsubscribe/:token" },
  { name: "catalog-api-suggest", path: "/catalog-api/suggest" },
  { name: "catalog-api-quick-view", path: "/catalog-api/quick-view/:slug" },
  { name: "staff", path: "/staff" },
  { name: "staff-orders", path: "/staff/orders" },
  { name: "staff-orders-csv", path: "/staff/orders.csv" },
  { name: "staff-order", path: "/staff/orders/:number" },
  { name: "staff-products", path: "/staff/products" },
  { name: "staff-product", path: "/staff/products/:slug" },
  { name: "staff-requests", path: "/staff/requests" },
  { name: "staff-request", path: "/staff/requests/:publicId" },
  { name: "staff-request-attachment", path: "/staff/requests/:publicId/attachment" },
  { name: "staff-outbox", path: "/staff/outbox" },
  { name: "staff-reviews", path: "/staff/reviews" },
  { name: "staff-review", path: "/staff/reviews/:kind/:ref" },
  { name: "staff-review-media", path: "/staff/reviews/shop/:ref/media/:file" },
  { name: "staff-searches", path: "/staff/searches" },
  { name: "staff-redirects", path: "/staff/redirects" },
  { name: "staff-redirect", path: "/staff/redirects/:id" },
] as const satisfies readonly { name: string; path: string }[];

type Page = (typeof table)[number];
type Target = (typeof targets)[number];

/** The name a link gives a route: a page's row name without its locale suffix, or a target's name. */
export type LinkName = (Page["name"] extends `${infer N}___en` ? N : never) | Target["name"];

type PathOf<N extends LinkName> = Extract<Page, { name: `${N}___en` }>["path"] | Extract<Target, { name: N }>["path"];

/** The `:name` parameters of a path pattern, so a link that forgets one does not compile. */
type ParamNames<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

export type LinkParams<N extends LinkName> = Record<ParamNames<PathOf<N>>, string | number>;

export interface LinkOptions {
  /** Query parameters in the order given, values encoded as a component; an absent value is left out. */
  readonly query?: Readonly<Record<string, string | number | null | undefined>>;
  /** A fragment, without its `#`. */
  readonly hash?: string;
  /**
   * For URLs that leave the worker outside a rendered page or a redirect (e-mails, a card payment's
   * return): the path in that locale. Pages and redirects are given the prefix on their way out
   * (decision 0088), so links written there leave it out.
   */
  readonly locale?: Locale;
}

type LinkArgs<N extends LinkName> = [ParamNames<PathOf<N>>] extends [never]
  ? [options?: LinkOptions]
  : [params: LinkParams<N>, options?: LinkOptions];

const linkPaths: ReadonlyMap<string, string> = new Map([
  ...table.map((r) => [r.name.replace(/___en$/, ""), r.path] as const),
  ...targets.map((r) => [r.name, r.path] as const),
]);

/**
 * The one way a link, a form's action, a redirect, a sitemap entry, a suggestion, an e-mail's link
 * or a canonical names a route (decision 0097): by its name and parameters, each parameter encoded as
 * a path segment. `routePath("catalog-category-slug", { category: "skincare", slug: "serum" })` →
 * "/catalog/skincare/serum". scripts/check-links.mjs fails on a shop path spelled out elsewhere.
 */
export function routePath<N extends LinkName>(name: N, ...args: LinkArgs<N>): string {
  const pattern = linkPaths.get(name);
  if (pattern === undefined) throw new Error(`Unknown route: ${name}`);
  const [first, second] = args as [LinkParams<N> | LinkOptions | undefined, LinkOptions | undefined];
  const hasParams = pattern.includes(":");
  const params = (hasParams ? first : undefined) as Record<string, string | number> | undefined;
  const options = (hasParams ? second : first) as LinkOptions | undefined;
  let path = hasParams
    ? pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(String(params?.[key] ?? "")))
    : pattern;
  const query = Object.entries(options?.query ?? {}).filter(
    (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null,
  );
  if (query.length > 0) path += `?${query.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join("&")}`;
  if (options?.hash !== undefined) path += `#${options.hash}`;
  return options?.locale ? localizePath(options.locale, path) : path;
}

/** Every route a link may name, pages and targets, with its path pattern: the table and app test reads it. */
export const linkTargets: readonly { name: LinkName; path: string }[] = [...linkPaths].map(([name, path]) => ({
  name: name as LinkName,
  path,
}));

const matchers = [...linkPaths].map(([name, pattern]) => ({
  name: name as LinkName,
  keys: [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? ""),
  regex: new RegExp(`^${pattern.replace(/[.]/g, "\\.").replace(/:[A-Za-z]+/g, "([^/]+)")}$`),
}));

/**
 * The route a path without its locale prefix (query and hash ignored) leads to, by the table's own
 * patterns: what the link walk asserts of every link a page shows. A page row wins over a target.
 */
export function matchRoute(path: string): { name: LinkName; params: Record<string, string> } | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  for (const m of matchers) {
    const found = m.regex.exec(pathname);
    if (found) return { name: m.name, params: Object.fromEntries(m.keys.map((k, i) => [k, found[i + 1] ?? ""])) };
  }
  return null;
}

/**
 * A product's page, under its category's slug or `all` for a product without one: the shape the cards,
 * the bag, the suggestions and the sitemap all link to.
 */
export function productPath(category: string | null | undefined, slug: string, options?: LinkOptions): string {
  return routePath("catalog-category-slug", { category: category ?? "all", slug }, options);
}
