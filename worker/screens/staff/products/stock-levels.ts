import type { Context } from "hono";
import type { Availability } from "../../../../shared/cart-rules";
import { LOW_STOCK_AT, stockState } from "../../../../shared/stock-rules";
import type { ProductSummary } from "../../../../shared/types/catalog";
import { siteOrigin } from "../../../frame/head/site-origin";
import type { AppEnv } from "../../../platform/app-env";
import { getProducts } from "../../../platform/cms-client/catalog-records";
import type { StockSet } from "../../../platform/stock/stock-desk-store";
import { afterStockWrite } from "../../../platform/stock/stock-moves";
import { readStock } from "../../../platform/stock/stock-store";
import type { SkuCheck } from "./stock-import";

/**
 * The catalogue as the stock desk sees it: every product of the CMS with the SKUs its stock is
 * counted under (each variant's, or the product's own when it has none) and what is on hand.
 */
export interface StockItem {
  sku: string;
  /** The shade or size ("Rosewood", "100 ml"); null for a product sold as one item. */
  variant: string | null;
  /** Undefined when the SKU is not counted (sold without counting). */
  onHand: number | undefined;
  /** What the shop shows and sells it as: the one stock truth (stockState, decision 0107). */
  shop: Availability;
}

export interface ProductStock {
  slug: string;
  /** The product's own SKU (its stock's, unless it has shades or sizes). */
  sku: string;
  name: string;
  brand: string | null;
  items: StockItem[];
}

/** The SKUs a product's stock is counted under, in the CMS's order. */
export function stockSkusOf(
  product: Pick<ProductSummary, "sku" | "variants" | "availability">,
): { sku: string; variant: string | null; cms: Availability }[] {
  return product.variants.length > 0
    ? product.variants.map((v) => ({ sku: v.sku, variant: v.name, cms: v.availability }))
    : [{ sku: product.sku, variant: null, cms: product.availability }];
}

export function withStock(product: ProductSummary, stock: ReadonlyMap<string, number>): ProductStock {
  return {
    slug: product.slug,
    sku: product.sku,
    name: product.name,
    brand: product.brand?.name ?? null,
    items: stockSkusOf(product).map(({ sku, variant, cms }) => ({
      sku,
      variant,
      onHand: stock.get(sku),
      shop: stockState(cms, stock.get(sku)).availability,
    })),
  };
}

/** Every product of the CMS, a hundred a request (its largest page); null when the CMS could not answer. */
async function allProducts(c: Context<AppEnv>): Promise<ProductSummary[] | null> {
  const products: ProductSummary[] = [];
  for (let page = 1; page <= 50; page++) {
    const found = await getProducts(c, c.get("locale"), { page, pageSize: 100, sort: ["name:asc", "id:asc"] });
    if (!found) return null;
    products.push(...found.items);
    if (page >= found.pageCount) break;
  }
  return products;
}

/** Every product with its stock (one stock query for all SKUs); null when the CMS could not answer. */
export async function catalogueStock(c: Context<AppEnv>): Promise<ProductStock[] | null> {
  const products = await allProducts(c);
  if (!products) return null;
  const stock = await readStock(
    c.env.DB,
    products.flatMap((product) => stockSkusOf(product).map((item) => item.sku)),
  );
  return products.map((product) => withStock(product, stock));
}

/** 0: something sold out; 1: something with few left; 2: counted, plenty; 3: nothing counted. */
export function stockRank(product: ProductStock): number {
  const counted = product.items.flatMap((item) => (item.onHand === undefined ? [] : [item.onHand]));
  if (counted.some((n) => n <= 0)) return 0;
  if (counted.some((n) => n <= LOW_STOCK_AT)) return 1;
  return counted.length > 0 ? 2 : 3;
}

function lowest(product: ProductStock): number {
  return Math.min(...product.items.map((item) => item.onHand ?? Number.POSITIVE_INFINITY));
}

/** Low stock first: sold out, then few left (fewest first), then the rest, then the uncounted; by name within. */
export function lowStockFirst(products: readonly ProductStock[]): ProductStock[] {
  return [...products].sort(
    (a, b) => stockRank(a) - stockRank(b) || lowest(a) - lowest(b) || a.name.localeCompare(b.name, "en"),
  );
}

export const STOCK_FILTERS = {
  out: "Something sold out",
  low: `Few left (${LOW_STOCK_AT} or fewer)`,
  uncounted: "Not counted",
} as const;
export type StockFilter = keyof typeof STOCK_FILTERS;

/** By name, brand or SKU (any part, any case), and by what the filter asks for. */
export function findStock(
  products: readonly ProductStock[],
  query: { q?: string; show?: StockFilter },
): ProductStock[] {
  const q = query.q?.trim().toLowerCase() ?? "";
  return products.filter((product) => {
    if (
      q &&
      !product.name.toLowerCase().includes(q) &&
      !(product.brand ?? "").toLowerCase().includes(q) &&
      !product.items.some((item) => item.sku.toLowerCase().includes(q))
    ) {
      return false;
    }
    const counts = product.items.map((item) => item.onHand);
    if (query.show === "out") return counts.some((n) => n !== undefined && n <= 0);
    if (query.show === "low") return counts.some((n) => n !== undefined && n > 0 && n <= LOW_STOCK_AT);
    if (query.show === "uncounted") return counts.some((n) => n === undefined);
    return true;
  });
}

/**
 * Whether a SKU is one the shop counts stock under, with the product it belongs to; the reason
 * in words when it is not (for the CSV import's line errors). A SKU is found whatever its case
 * ("lip-rosewood" is LIP-ROSEWOOD): the check answers the shop's own spelling of it.
 */
export function skuIndex(products: readonly ProductStock[]) {
  const owners = new Map<string, { product: ProductStock; sku: string }>();
  const byVariants = new Map<string, ProductStock>();
  for (const product of products) {
    for (const item of product.items) owners.set(item.sku.toLowerCase(), { product, sku: item.sku });
    if (product.items.some((item) => item.variant !== null)) byVariants.set(product.sku.toLowerCase(), product);
  }
  return {
    owner: (sku: string) => owners.get(sku.toLowerCase())?.product,
    check(sku: string): SkuCheck {
      const owner = owners.get(sku.toLowerCase());
      if (owner) return { ok: true, sku: owner.sku };
      const product = byVariants.get(sku.toLowerCase());
      if (product) {
        return {
          ok: false,
          problem: `${product.sku} is ${product.name}'s own SKU; its stock is counted per shade or size.`,
        };
      }
      return { ok: false, problem: `no product or variant in the shop has the SKU ${sku}.` };
    },
  };
}

/** What follows a stock write on the desk: kept pages and back-in-stock alerts (a count not kept is undefined). */
export function afterDeskStockWrite(c: Context<AppEnv>, sets: readonly StockSet[]): Promise<void> {
  return afterStockWrite(
    c.env,
    sets.map((set) => ({ sku: set.sku, before: set.before ?? undefined, after: set.after ?? undefined })),
    siteOrigin(c),
  );
}
