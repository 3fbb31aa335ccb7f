import type { Context } from "hono";
import { RESULTS_ID } from "../../../client/islands/catalog-filter";
import {
  type CatalogFilter,
  cmsFilters,
  emptyMessage,
  filterQuery,
  type ListingScope,
  listingPath,
  SORTS,
} from "../../../shared/catalog-filter";
import type { OnHand } from "../../../shared/product-stock";
import type { Sale } from "../../../shared/promotions/sale-price";
import type { StockState } from "../../../shared/stock-rules";
import type { Page, ProductSummary } from "../../../shared/types/catalog";
import { useTexts } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { noteMadeAgainBy } from "../../platform/caches/page-deadline";
import { noteSalesShown } from "../../platform/caches/sale-tags";
import { getProducts } from "../../platform/cms-client/catalog-records";
import { type ReviewSummary, reviewSummaries } from "../../platform/reviews/product-review-store";
import { readListingStock } from "../../platform/stock/listing-stock";
import { ProductGrid } from "../products/product-grid";
import { stockJudged } from "./availability-facet";
import { pageOfIndex, readListingIndex } from "./listing-index";
import { Pager } from "./pager";

/** Cards per page of a category or brand listing. */
export const LISTING_PAGE_SIZE = 12;

/** One page of a filtered listing with what its cards show: stock and ratings read once for the page. */
export interface Listing {
  /** Null when the CMS could not answer (the page says so instead of a 500). */
  products: Page<ProductSummary> | null;
  /** On hand by SKU, or each product's state as the listing's index worked it out (decision 0107). */
  stock: OnHand | ((product: ProductSummary) => StockState);
  ratings: Map<number, ReviewSummary>;
  /** Each card's sale now (decision 0120); none past the index's cap. */
  sale?: (product: ProductSummary) => Sale | null;
}

/** A page number past the listing's last page (the first page always exists, empty or not): the page answers 404. */
export function pastTheLastPage(listing: Listing, filter: CatalogFilter): boolean {
  return listing.products !== null && filter.page > Math.max(1, listing.products.pageCount);
}

function sortOf(filter: CatalogFilter) {
  return SORTS.find((s) => s.key === filter.sort) ?? SORTS[0]!;
}

/**
 * Whether the listing's index (most likely kept in KV already) says this page number is past the
 * last: a crawler counting up is answered 404 before the page's scope, brands or products are read (the
 * scope need not be known to exist: an unknown one has no page 2 either). False when page 1 cannot tell
 * (page 1 itself, a listing filtered by availability or price, the CMS not answering): pastTheLastPage then
 * judges the loaded listing.
 */
export async function pastTheLastKnown(
  c: Context<AppEnv>,
  locale: string,
  scope: ListingScope,
  filter: CatalogFilter,
): Promise<boolean> {
  if (filter.page === 1 || filter.availability.length > 0 || filter.priceMin !== null || filter.priceMax !== null)
    return false;
  // The listing's index (the KV record loadListing reads next) counts what the CMS's filters keep.
  const index = await readListingIndex(c, locale, scope, filter);
  if (index === null || index === "too-many") return false;
  return filter.page > Math.max(1, Math.ceil(index.length / LISTING_PAGE_SIZE));
}

/**
 * The products of a category or a brand for this filter, sort and page. Call it once the scope is known to
 * exist. The listing's index (listing-index.ts) is ordered, filtered and paged by the worker with each
 * product's effective values (buyable first under "Popular"); its stock and every product's rating are
 * read together, one D1 round trip as before the index.
 */
export async function loadListing(
  c: Context<AppEnv>,
  locale: string,
  scope: ListingScope,
  filter: CatalogFilter,
): Promise<Listing> {
  const index = await readListingIndex(c, locale, scope, filter);
  if (index === "too-many") return loadCmsPaged(c, locale, scope, filter);
  if (index === null) return { products: null, stock: new Map(), ratings: new Map() };
  const [{ page, effective }, ratings] = await Promise.all([
    pageOfIndex(c.env.DB, index, filter, LISTING_PAGE_SIZE),
    reviewSummaries(
      c.env.DB,
      index.map((p) => Number(p.id)),
    ),
  ]);
  // The listing's order can change with any of its products' sales, shown on this page or not: the page
  // is made again when a sale on one of them is changed on the desk, starts or ends (decision 0120).
  noteSalesShown(c, index);
  noteMadeAgainBy(c, earliest(index.map((p) => effective(p).price.changesAt)));
  return {
    products: page,
    stock: (product) => effective(product).stock,
    ratings,
    sale: (product) => effective(product).price.sale,
  };
}

function earliest(times: readonly (number | null)[]): number | null {
  const known = times.filter((t): t is number => t !== null);
  return known.length === 0 ? null : Math.min(...known);
}

/** A listing past the index's cap: the CMS's own order and paging, the facet judged by stockJudged. */
async function loadCmsPaged(
  c: Context<AppEnv>,
  locale: string,
  scope: ListingScope,
  filter: CatalogFilter,
): Promise<Listing> {
  const judged = filter.availability.length ? await stockJudged(c, locale, scope) : undefined;
  const products = await getProducts(c, locale, {
    filters: cmsFilters(scope, filter, judged),
    sort: sortOf(filter).cms,
    page: filter.page,
    pageSize: LISTING_PAGE_SIZE,
  });
  const items = products?.items ?? [];
  const [ratings, stock] = await Promise.all([
    reviewSummaries(
      c.env.DB,
      items.map((p) => Number(p.id)),
    ),
    readListingStock(c.env.DB, items),
  ]);
  return { products, stock, ratings };
}

/**
 * The results region of a listing: count, sort, cards, pager or what to do when nothing matches.
 * The filter island swaps it for the one of the new URL's page.
 */
export function ListingResults({
  scope,
  filter,
  listing,
  favourites,
}: {
  scope: ListingScope;
  filter: CatalogFilter;
  listing: Listing;
  favourites: Set<string>;
}) {
  const t = useTexts();
  const base = listingPath(scope);
  const { products } = listing;
  return (
    <div id={RESULTS_ID} data-filter={JSON.stringify(filter)}>
      <div className="results-bar">
        {/* The results' heading (the filter's own heading is folded away on a phone): h1, then this, then the cards' h3. */}
        {products && (
          <h2 className="results-bar__count muted" data-result-count="">
            {t.plural(t.m.listing.count, products.total)}
          </h2>
        )}
        <form method="get" action={base} className="sort-form">
          {[...new URLSearchParams(filterQuery(filter, { sort: "popular", page: 1 }, scope).slice(1))].map(
            ([k, v], i) => (
              <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
            ),
          )}
          <label htmlFor="sort">{t.m.listing.sortBy}</label>
          <select id="sort" name="sort" defaultValue={filter.sort}>
            {SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {t.m.listing.sorts[s.key]}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--outlined button--small">
            {t.m.listing.apply}
          </button>
        </form>
      </div>
      {!products ? (
        <p className="notice notice--info">{t.m.listing.unavailable}</p>
      ) : products.items.length === 0 ? (
        <div className="empty-state">
          <p>{emptyMessage(t.m.listing, filter, scope)}</p>
          <a className="button button--outlined" href={base}>
            {t.m.listing.resetFilter}
          </a>
        </div>
      ) : (
        <>
          <ProductGrid
            products={products.items}
            stock={listing.stock}
            sale={listing.sale}
            favourites={favourites}
            ratings={listing.ratings}
          />
          <Pager
            base={base}
            page={products.page}
            pageCount={products.pageCount}
            href={(n) => base + filterQuery(filter, { page: n }, scope)}
          />
        </>
      )}
    </div>
  );
}
