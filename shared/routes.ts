/**
 * The route table of spec section 2: one row per screen. The name carries the
 * `___en` locale suffix (English is the only locale and has no path prefix),
 * `page` names the page module the worker renders, and `middleware` names the
 * route middleware that run before it (resolved by the worker at start-up).
 */
export type RouteMiddlewareName = "auth" | "guest" | "noindex";

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

export interface RouteDefinition {
  readonly name: `${string}___en`;
  /** Hono path pattern, without a trailing slash. */
  readonly path: string;
  readonly page: PageName;
  readonly middleware?: readonly RouteMiddlewareName[];
}

const table = [
  { name: "index___en", path: "/", page: "home" },
  { name: "blog___en", path: "/blog", page: "blog-list" },
  { name: "blog-tag___en", path: "/blog/:tag", page: "blog-tag" },
  { name: "blog-tag-slug___en", path: "/blog/:tag/:slug", page: "blog-post" },
  { name: "catalog___en", path: "/catalog", page: "catalog" },
  { name: "catalog-category___en", path: "/catalog/:category", page: "category" },
  { name: "catalog-category-slug___en", path: "/catalog/:category/:slug", page: "product" },
  { name: "brands___en", path: "/brands", page: "brands" },
  { name: "brands-slug___en", path: "/brands/:slug", page: "brand" },
  { name: "cart___en", path: "/cart", page: "cart", middleware: ["noindex"] },
  { name: "cart-order___en", path: "/cart/order", page: "checkout", middleware: ["noindex"] },
  { name: "search___en", path: "/search", page: "search", middleware: ["noindex"] },
  { name: "wholesale___en", path: "/wholesale", page: "wholesale" },
  { name: "favorites___en", path: "/favorites", page: "favorites", middleware: ["noindex"] },
  { name: "reviews___en", path: "/reviews", page: "reviews" },
  { name: "projects___en", path: "/projects", page: "projects" },
  { name: "projects-slug___en", path: "/projects/:slug", page: "project" },
  { name: "company___en", path: "/company", page: "info" },
  { name: "contacts___en", path: "/contacts", page: "contacts" },
  { name: "delivery___en", path: "/delivery", page: "info" },
  { name: "payment___en", path: "/payment", page: "info" },
  { name: "partnership___en", path: "/partnership", page: "partnership" },
  { name: "privacy-policy___en", path: "/privacy-policy", page: "info" },
  { name: "refund-policy___en", path: "/refund-policy", page: "info" },
  { name: "terms-and-conditions___en", path: "/terms-and-conditions", page: "info" },
  { name: "user___en", path: "/user", page: "user", middleware: ["noindex", "auth"] },
  { name: "user-login___en", path: "/user/login", page: "user-login", middleware: ["noindex", "guest"] },
  { name: "user-signup___en", path: "/user/signup", page: "user-signup", middleware: ["noindex", "guest"] },
  { name: "user-edit___en", path: "/user/edit", page: "user-edit", middleware: ["noindex", "auth"] },
  { name: "user-orders___en", path: "/user/orders", page: "user-orders", middleware: ["noindex", "auth"] },
  { name: "user-password___en", path: "/user/password", page: "user-password", middleware: ["noindex"] },
] as const satisfies readonly RouteDefinition[];

export const routes: readonly RouteDefinition[] = table;

/** A route's internal name: links name routes, never paths, and a typo does not compile. */
export type RouteName = (typeof table)[number]["name"];

/** Looks a route up by its internal name, for links that must not hard-code paths. */
export function routePath(name: RouteName): string {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route: ${name}`);
  return route.path;
}
