import type { Context } from "hono";
import { type CatalogFilter, cmsFilters, type ListingScope, SORTS } from "../../../shared/catalog-filter";
import type { Page, ProductSummary } from "../../../shared/types/catalog";
import type { AppEnv } from "../../platform/app-env";
import { getProducts } from "../../platform/cms-client/catalog-records";
import { type Effective, readEffective } from "./effective-values";
import { orderIndex, passesShopFilters } from "./listing-order";

/**
 * A listing's index (decision 0107): every product of a category or a brand that the CMS's filters keep,
 * in the CMS's order, asked of the CMS a hundred at a time and held in KV by the records cache (moved on
 * by the CMS's webhook, like every catalogue record). The worker adds each product's effective values
 * (effective-values.ts: one D1 round trip for all of them), then orders, filters and pages it itself, so
 * what the CMS cannot know (D1's stock, a sale's price: decision 0120) reaches the order and the count. The
 * page drawn from it is kept as a shell tagged with the stock version, which a change of buyability moves
 * on (worker/platform/stock/stock-moves.ts): the order is drawn again when stock changes what it shows.
 */

/** At most this many pages of 100 are indexed; a larger listing keeps the CMS's paging (product-listing.tsx). */
export const INDEX_MAX_PAGES = 10;

/** Every product of the listing in the CMS's order; null when the CMS could not answer, "too-many" past the cap. */
export async function readListingIndex(
  c: Context<AppEnv>,
  locale: string,
  scope: ListingScope,
  filter: CatalogFilter,
): Promise<ProductSummary[] | null | "too-many"> {
  const sort = SORTS.find((s) => s.key === filter.sort) ?? SORTS[0]!;
  const query = {
    // The facets the CMS can judge; availability and the price a shopper pays are the shop's (passesShopFilters).
    filters: cmsFilters(scope, { ...filter, availability: [], priceMin: null, priceMax: null }),
    sort: [...sort.cms, "id:asc"],
    pageSize: 100,
  };
  const first = await getProducts(c, locale, { ...query, page: 1 });
  if (!first) return null;
  if (first.pageCount > INDEX_MAX_PAGES) return "too-many";
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, i) =>
      getProducts(c, locale, { ...query, page: i + 2 }),
    ),
  );
  if (rest.some((page) => page === null)) return null;
  return [first, ...rest].flatMap((page) => page!.items);
}

/** One page of the index once ordered and filtered by effective values, with each product's values. */
export async function pageOfIndex(
  db: D1Database,
  index: readonly ProductSummary[],
  filter: CatalogFilter,
  pageSize: number,
): Promise<{ page: Page<ProductSummary>; effective: (product: ProductSummary) => Effective }> {
  const effective = await readEffective(db, index);
  const kept = orderIndex(
    index.filter((product) => passesShopFilters(filter, effective(product))),
    filter.sort,
    effective,
  );
  const start = (filter.page - 1) * pageSize;
  return {
    page: {
      items: kept.slice(start, start + pageSize),
      page: filter.page,
      pageSize,
      pageCount: Math.ceil(kept.length / pageSize),
      total: kept.length,
    },
    effective,
  };
}
