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

/** The table with each row's literal name and path, for the link builders (shared/links.ts). */
export const pageTable = table;

/** The paths of the personal pages (shared/personal-paths.ts checks its list of areas against them). */
export type PersonalPagePath = Extract<(typeof table)[number], { personal: true }>["path"];
/** The paths of the pages the same for every shopper. */
export type SharedPagePath = Extract<(typeof table)[number], { personal: false }>["path"];

/** A route's internal name: links name routes, never paths, and a typo does not compile. */
export type RouteName = (typeof table)[number]["name"];
