/**
 * Paths whose pages depend on the shopper (bag, checkout under /cart, account,
 * favourites, search results, the links of back-in-stock e-mails) or are the staff desk's. They are never cached publicly, never indexed
 * (robots.txt disallows them) and never prefetched.
 */
export const PERSONAL_PATHS: readonly string[] = ["/cart", "/user", "/favorites", "/search", "/staff", "/stock-alerts"];

/** True for a personal path or anything under one ("/cart/order", "/user/orders"). */
export function isPersonalPath(path: string): boolean {
  return PERSONAL_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
