import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { noteTags } from "./page-tags";

/*
 * The tags a sale moves (decision 0120): a page showing products notes one tag per product, brand and
 * category it shows (or a listing could show), and a promotion added, paused or resumed on the desk
 * moves the tags of what it is on (platform/promotions/sale-moves.ts), so only the kept pages that show
 * an affected product are made again. A page that would note too many notes `SALE_ALL_TAG` instead,
 * which every such change moves too. A sale's start and end need no tag: the page's deadline
 * (page-deadline.ts) covers them.
 */

export type SaleScope = "product" | "category" | "brand";

export function saleTag(scope: SaleScope, slug: string): string {
  return `sale:${scope}:${slug}`;
}

/** Stands for every product: noted by a page showing more than SALE_TAGS_MAX products, brands and categories. */
export const SALE_ALL_TAG = "sale:all";

/** A page notes at most this many sale tags (a shell's tags are read in one bulk KV read of at most 100). */
export const SALE_TAGS_MAX = 40;

/** What of a product a sale can be on, as far as tags go (a variant's sale moves its product's tag). */
export interface SaleShown {
  slug: string;
  brand: { slug: string } | null;
  category: { slug: string } | null;
}

export function saleTagsOf(products: readonly SaleShown[]): string[] {
  const tags = new Set<string>();
  for (const p of products) {
    tags.add(saleTag("product", p.slug));
    if (p.brand) tags.add(saleTag("brand", p.brand.slug));
    if (p.category) tags.add(saleTag("category", p.category.slug));
  }
  return tags.size > SALE_TAGS_MAX ? [SALE_ALL_TAG] : [...tags];
}

/** Notes that the page being rendered shows (or could show) these products' sales. */
export function noteSalesShown(c: Context<AppEnv>, products: readonly SaleShown[]): void {
  noteTags(c, saleTagsOf(products));
}
