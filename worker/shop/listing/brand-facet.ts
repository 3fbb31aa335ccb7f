import type { Context } from "hono";
import { type CatalogFilter, type ListingScope, scopeFilter } from "../../../shared/catalog-filter";
import type { AppEnv } from "../../platform/app-env";
import { type BrandWithLines, getProducts } from "../../platform/cms-client/catalog-records";

/** At most this many pages of 100 products are read for the maker facet (beyond, every brand is offered). */
const MAX_PAGES = 5;

/**
 * The slugs of the brands with a product in a listing, from a cached CMS query (the same with both
 * CMSs); null when the CMS does not answer or the listing is larger than the pages read.
 */
export async function brandsPresent(
  c: Context<AppEnv>,
  locale: string,
  scope: ListingScope,
): Promise<Set<string> | null> {
  const present = new Set<string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const found = await getProducts(c, locale, { filters: scopeFilter(scope), sort: ["id:asc"], page, pageSize: 100 });
    if (!found) return null;
    for (const product of found.items) if (product.brand) present.add(product.brand.slug);
    if (page >= found.pageCount) return present;
  }
  return null;
}

/**
 * The makers a category's filter offers: only brands with a product in it (a choice that can only
 * answer "no products" is noise on a phone), plus any already ticked (so it can be unticked), in the
 * brands' own order; every brand when what is present is not known.
 */
export function brandsOffered(
  brands: BrandWithLines[],
  present: Set<string> | null,
  filter: CatalogFilter,
): BrandWithLines[] {
  if (!present) return brands;
  return brands.filter((b) => present.has(b.slug) || filter.maker.includes(b.slug));
}
