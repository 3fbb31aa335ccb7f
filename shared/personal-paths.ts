import { splitLocalePath } from "./locale-path";
import type { PersonalPagePath, SharedPagePath } from "./routes";

/** "/cart/order" → "/cart": the area a path lies in. */
type AreaOf<P extends string> = P extends `/${infer Area}/${string}` ? `/${Area}` : P;

/**
 * The areas of the route table's personal pages (bag, checkout, account, favourites). Written out so the browser's bundle does not carry the table, and checked against
 * the rows' `personal` flags by the compiler: an area with a personal page that is missing
 * here, or one listed here that holds a page the same for everyone, does not compile.
 */
const PERSONAL_PAGE_AREAS = ["/cart", "/user", "/favorites"] as const satisfies readonly AreaOf<PersonalPagePath>[];

type Unlisted = Exclude<AreaOf<PersonalPagePath>, (typeof PERSONAL_PAGE_AREAS)[number]>;
type ListedButShared = Extract<AreaOf<SharedPagePath>, (typeof PERSONAL_PAGE_AREAS)[number]>;
type AgreesWithTheTable = [Unlisted | ListedButShared] extends [never]
  ? readonly string[]
  : { disagrees: Unlisted | ListedButShared };

/** Areas with no page in the route table whose answers are personal: the staff desk, the links of back-in-stock e-mails. */
const PERSONAL_AREAS_WITHOUT_PAGES = ["/staff", "/stock-alerts"] as const;

/**
 * Where personal answers live: never cached publicly, never indexed (robots.txt disallows
 * them) and never prefetched. A route's own row says it first (worker/platform/routing/);
 * this list is for the browser and for paths no row covers.
 */
export const PERSONAL_PATHS = [...PERSONAL_PAGE_AREAS, ...PERSONAL_AREAS_WITHOUT_PAGES] satisfies AgreesWithTheTable;

/** True for a personal path or anything under one ("/cart/order", "/user/orders"), in any locale ("/ar/cart"). */
export function isPersonalPath(pathname: string): boolean {
  const { path } = splitLocalePath(pathname);
  return PERSONAL_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
