import type { Context } from "hono";
import { type ListingScope, type StockJudged, scopeFilter } from "../../../shared/catalog-filter";
import { productStock } from "../../../shared/product-stock";
import type { ProductSummary } from "../../../shared/types/catalog";
import type { AppEnv } from "../../platform/app-env";
import { getProducts } from "../../platform/cms-client/catalog-records";
import { readListingStock, slugsWithSkuAtZero } from "../../platform/stock/listing-stock";

/** At most this many pages of 100 candidates are judged (a shop with more sold-out lines than that says less). */
const MAX_CANDIDATE_PAGES = 5;

/**
 * Only for a listing past its index's cap (listing-index.ts, decision 0107), which keeps the CMS's paging:
 * the products of a listing (a category or a brand) whose stock makes their card show other than the CMS's word, with
 * what it shows, for the filter's availability facet (cmsFilters). Without variant overrides only
 * two kinds can differ: one the CMS calls in stock with every counted SKU at 0 (it has a SKU at 0),
 * and one the CMS sells ahead with some SKU on hand (pre-order becomes in stock). Those candidates
 * come from one D1 query and one cached CMS query; each is judged by productStock, the function
 * cards use, so the facet and the cards agree.
 */
export async function stockJudged(c: Context<AppEnv>, locale: string, scope: ListingScope): Promise<StockJudged> {
  const atZero = await slugsWithSkuAtZero(c.env.DB);
  const filters = {
    and: [
      scopeFilter(scope),
      { or: [{ availability: { eq: "prepurchase" } }, ...(atZero.length ? [{ slug: { in: atZero } }] : [])] },
    ],
  };
  const candidates: ProductSummary[] = [];
  for (let page = 1; page <= MAX_CANDIDATE_PAGES; page++) {
    const found = await getProducts(c, locale, { filters, sort: ["id:asc"], page, pageSize: 100 });
    // The CMS not answering: the facet falls back to the CMS's word (the listing query will say so).
    if (!found) break;
    candidates.push(...found.items);
    if (page >= found.pageCount) break;
  }
  const stock = await readListingStock(c.env.DB, candidates);
  const judged = new Map<string, "in_stock" | "prepurchase" | "out_of_stock" | "none">();
  for (const product of candidates) {
    const shown = productStock(product, stock).availability;
    if (shown !== product.availability) judged.set(product.slug, shown);
  }
  return judged;
}
