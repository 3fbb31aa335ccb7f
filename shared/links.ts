/**
 * Links from the route table (decision 0097): a link, a form's action, a redirect, a sitemap entry, a
 * suggestion, an e-mail's link or a canonical names its route and parameters, and the path is built
 * here, the locale's prefix applied in one place. The pages are shared/routes.ts's table; the other
 * routes a link may lead to are listed below.
 */
import type { Locale } from "./constants";
import { localizePath } from "./locale-path";
import { pageTable } from "./routes";

/**
 * Routes a link may lead to that are not pages of the table above: the forms' targets, the order
 * pages, the stock-alert links, the JSON the islands fetch and the staff desk (decision 0097). Each
 * is registered by its own handler; the row only names its path, so links name it, never spell it.
 */
const targets = [
  { name: "cart-add", path: "/cart/add" },
  { name: "cart-update", path: "/cart/update" },
  { name: "cart-remove", path: "/cart/remove" },
  { name: "cart-code", path: "/cart/code" },
  { name: "cart-code-remove", path: "/cart/code/remove" },
  { name: "cart-order-number", path: "/cart/order/:number" },
  { name: "order-lookup", path: "/order-lookup" },
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
  { name: "staff-health", path: "/staff/health" },
  { name: "healthz", path: "/healthz" },
  { name: "staff-redirects", path: "/staff/redirects" },
  { name: "staff-redirect", path: "/staff/redirects/:id" },
  { name: "staff-promotions", path: "/staff/promotions" },
  { name: "staff-settings", path: "/staff/settings" },
  { name: "staff-settings-seller", path: "/staff/settings/seller" },
  { name: "staff-order-invoice", path: "/staff/orders/:number/invoice" },
  { name: "staff-invoices", path: "/staff/invoices" },
  { name: "staff-invoices-csv", path: "/staff/invoices.csv" },
  { name: "cart-order-invoice", path: "/cart/order/:number/invoice" },
  { name: "user-orders-invoice", path: "/user/orders/:number/invoice" },
  { name: "staff-promotion", path: "/staff/promotions/:id" },
  { name: "staff-promotion-codes", path: "/staff/promotions/:id/codes.csv" },
] as const satisfies readonly { name: string; path: string }[];

type Page = (typeof pageTable)[number];
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
  ...pageTable.map((r) => [r.name.replace(/___en$/, ""), r.path] as const),
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
