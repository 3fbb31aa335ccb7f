import type { Context } from "hono";
import { type CatalogFilter, type ListingScope, readCatalogFilter } from "../../../shared/catalog-filter";
import type { AppEnv } from "../../platform/app-env";
import type { BrandWithLines } from "../../platform/cms-client/catalog-records";
import { readListingIndex } from "./listing-index";

/**
 * The slugs of the brands with a product in a listing, from the listing's own index unfiltered (the same
 * cached CMS pages the listing's first page reads, with both CMSs); null when the CMS does not answer or
 * the listing is past the index's cap.
 */
export async function brandsPresent(
  c: Context<AppEnv>,
  locale: string,
  scope: ListingScope,
): Promise<Set<string> | null> {
  const index = await readListingIndex(c, locale, scope, readCatalogFilter({}));
  if (index === null || index === "too-many") return null;
  return new Set(index.flatMap((product) => (product.brand ? [product.brand.slug] : [])));
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
