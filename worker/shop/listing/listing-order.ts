import type { AvailabilityFilter, CatalogFilter, SortKey } from "../../../shared/catalog-filter";
import { aedToFils } from "../../../shared/money";
import { buyable } from "../../../shared/stock-rules";
import type { Effective } from "./effective-values";

/**
 * How a listing's index is ordered and filtered by the products' effective values (decision 0107): each
 * sort names a comparison of effective values, applied before the CMS's own order (which the index keeps,
 * so equal products stay in the CMS's order). The price sorts and the price filter compare the price a
 * shopper pays, a sale's included (decision 0120).
 */
type Compare = (a: Effective, b: Effective) => number;

/** Buyable before the rest: what a shopper can put in the bag leads. */
const buyableFirst: Compare = (a, b) => Number(!buyable(a.stock)) - Number(!buyable(b.stock));

export const LISTING_ORDER: Record<SortKey, Compare | null> = {
  popular: buyableFirst,
  "price-asc": (a, b) => a.price.pays - b.price.pays,
  "price-desc": (a, b) => b.price.pays - a.price.pays,
  newest: null,
};

/** Which availability facet a shown state falls under ("none" is shown as out of stock). */
function facetOf(effective: Effective): AvailabilityFilter {
  const shown = effective.stock.availability;
  return shown === "none" ? "out_of_stock" : shown;
}

/** The filters the CMS cannot judge: the availability facet, by the one stock truth; the price, by what a shopper pays. */
export function passesShopFilters(filter: CatalogFilter, effective: Effective): boolean {
  const pays = effective.price.pays;
  if (filter.priceMin !== null && pays < aedToFils(filter.priceMin)) return false;
  if (filter.priceMax !== null && pays > aedToFils(filter.priceMax)) return false;
  return filter.availability.length === 0 || filter.availability.includes(facetOf(effective));
}

/** The index in the listing's order: a stable sort, so the CMS's order stands among equals. */
export function orderIndex<T>(items: readonly T[], sort: SortKey, effective: (item: T) => Effective): T[] {
  const compare = LISTING_ORDER[sort];
  if (!compare) return [...items];
  const keyed = items.map((item) => ({ item, value: effective(item) }));
  return keyed.sort((a, b) => compare(a.value, b.value)).map(({ item }) => item);
}
