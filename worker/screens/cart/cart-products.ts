import type { Context } from "hono";
import type { Availability } from "../../../shared/cart-rules";
import { productPath } from "../../../shared/links";
import { aedToFils, type Fils } from "../../../shared/money";
import { defaultVariant } from "../../../shared/product-stock";
import { stockState } from "../../../shared/stock-rules";
import type { ProductSummary, ProductVariant } from "../../../shared/types/catalog";
import { chooseVariant, itemName, stockSku } from "../../../shared/variants";
import type { AppEnv } from "../../platform/app-env";
import type { LineKey } from "../../platform/bag/cart-store";
import { getProductsBySlugs } from "../../platform/cms-client/catalog-records";
import { nearDatabase } from "../../platform/database/request-database";
import { readProductStock } from "../../platform/stock/stock-store";

/** What the bag needs to know about one line's item (a product in one variant), read on every request. */
export interface CartProduct {
  slug: string;
  /** The whole item name: "Matte Liquid Lipstick — Rosewood". */
  name: string;
  productName: string;
  /** The variant's name, or null for a product sold as one item. */
  variantName: string | null;
  /** The variant's SKU ('' for a product sold as one item): the bag line's key. */
  variantSku: string;
  /** The SKU stock is counted under. */
  sku: string;
  brand: string | null;
  /** For promotions on a brand or a category (shared/promotions/promotion.ts targets). */
  brandSlug: string | null;
  categorySlug: string | null;
  price: Fils;
  /** The CMS's availability with stock on hand applied (shared/stock-rules.ts). */
  availability: Availability;
  /** On hand when the SKU is counted; null when it is sold without counting. */
  onHand: number | null;
  /** The CMS allows selling ahead of stock (pre-purchase). */
  sellAhead: boolean;
  path: string;
  image: { url: string; alt: string; width: number; height: number } | null;
}

export const lineKeyOf = (line: LineKey): string => `${line.productSlug}|${line.variantSku}`;

const SLUG = /^[a-z0-9-]{1,120}$/;

/**
 * The item a line means: its product in the variant it names. A line without a variant of a
 * product that has variants (a bag from before variants) means the default one; a variant the
 * CMS no longer has means nothing (the bag says it is no longer available).
 */
function itemOf(product: ProductSummary, variantSku: string) {
  if (product.variants.length === 0) return variantSku === "" ? { product, variant: null } : null;
  const variant = variantSku === "" ? chooseVariant(product) : product.variants.find((v) => v.sku === variantSku);
  return variant ? { product, variant } : null;
}

/**
 * What a bag's products are when the CMS gave no answer: not known, which is neither "gone" nor
 * "sold out" (decision 0101). The shopper is told to try again, and nothing is added or ordered.
 */
export const CATALOGUE_DOWN = "catalogue-down";

/**
 * Today's data for the lines of a bag, by line key (lineKeyOf). Prices come from the CMS on the
 * server, never from the browser; availability from the CMS and the shop's stock together (`stock`:
 * read with the bag, cart-store.ts bagStatements). CATALOGUE_DOWN when the CMS gave no answer.
 */
export async function loadCartProducts(
  c: Context<AppEnv>,
  lines: readonly LineKey[],
  stock: ReadonlyMap<string, number>,
): Promise<Map<string, CartProduct> | typeof CATALOGUE_DOWN> {
  const slugs = [...new Set(lines.map((l) => l.productSlug).filter((s) => SLUG.test(s)))];
  const found = await getProductsBySlugs(c, c.get("locale") ?? "en", slugs);
  if (found === null) return CATALOGUE_DOWN;
  const products = new Map(found.map((p) => [p.slug, p]));
  const items = lines.flatMap((line) => {
    const product = products.get(line.productSlug);
    const item = product ? itemOf(product, line.variantSku) : null;
    return item ? [{ line, ...item }] : [];
  });
  return new Map(
    items.map(({ line, product, variant }) => [
      lineKeyOf(line),
      cartProductOf(product, variant, stock.get(stockSku(product, variant))),
    ]),
  );
}

/** The item an add means, before stock: the add's batch reads the SKU's stock itself (cart-add.ts). */
export interface ItemToAdd {
  line: LineKey;
  /** Its name, price, path and stock SKU; its availability and onHand are the CMS's alone. */
  product: CartProduct;
  /** The CMS's word for the item, which the batch applies stock to. */
  cms: Availability;
}

/**
 * What an add to the bag means, with one catalogue read: the variant named, or — with none named —
 * the one the product page shows first (shared/product-stock.ts defaultVariant: the first that stock
 * lets a shopper buy). Only that last case reads stock here, near the shopper (docs/decisions/0100):
 * every other add reads it in its own batch on the primary (docs/decisions/0136-the-add-reads-stock-in-its-batch.md).
 * Null when the product or the named variant is unknown; CATALOGUE_DOWN when the CMS gave no answer.
 */
export async function loadItemToAdd(
  c: Context<AppEnv>,
  asked: LineKey,
): Promise<ItemToAdd | typeof CATALOGUE_DOWN | null> {
  if (!SLUG.test(asked.productSlug)) return null;
  const found = await getProductsBySlugs(c, c.get("locale") ?? "en", [asked.productSlug]);
  if (found === null) return CATALOGUE_DOWN;
  const [product] = found;
  if (!product) return null;
  const chosen = asked.variantSku
    ? product.variants.find((v) => v.sku === asked.variantSku)
    : product.variants.length > 0
      ? defaultVariant(product, await readProductStock(nearDatabase(c), product.slug))
      : null;
  if (product.variants.length > 0 && !chosen) return null;
  const variant = chosen ?? null;
  return {
    line: { productSlug: product.slug, variantSku: variant?.sku ?? "" },
    product: cartProductOf(product, variant, undefined),
    cms: variant?.availability ?? product.availability,
  };
}

/** One item as the bag sees it: today's price, and availability with stock on hand applied. */
function cartProductOf(p: ProductSummary, variant: ProductVariant | null, onHand: number | undefined): CartProduct {
  const cmsAvailability = variant?.availability ?? p.availability;
  const image = variant?.image ?? p.images[0];
  return {
    slug: p.slug,
    name: itemName(p.name, variant?.name),
    productName: p.name,
    variantName: variant?.name ?? null,
    variantSku: variant?.sku ?? "",
    sku: stockSku(p, variant),
    brand: p.brand?.name ?? null,
    brandSlug: p.brand?.slug ?? null,
    categorySlug: p.category?.slug ?? null,
    price: aedToFils(variant?.price ?? p.price),
    availability: stockState(cmsAvailability, onHand).availability,
    onHand: onHand ?? null,
    sellAhead: cmsAvailability === "prepurchase",
    path: productPath(p.category?.slug, p.slug, { query: { variant: variant?.sku } }),
    image: image
      ? {
          url: image.url,
          alt: image.alternativeText ?? p.name,
          width: image.width ?? 96,
          height: image.height ?? 96,
        }
      : null,
  };
}
