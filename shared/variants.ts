import { type Availability, canBuy } from "./cart-rules";

/** What these rules read of a variant (ProductVariant in shared/types/catalog.ts has it). */
interface VariantLike {
  name: string;
  kind: "shade" | "size";
  sku: string;
  availability: Availability;
}

/**
 * Shades and sizes: which one a page shows, how a bag line names it, how a card counts them.
 * One place for these rules, used by the worker and the islands alike.
 */

/** A swatch colour from the CMS goes into a style attribute: only `#rgb` or `#rrggbb` passes. */
export function safeSwatch(value: string | null | undefined): string | null {
  return value && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value) ? value : null;
}

/**
 * The variant a page shows: the one asked for by SKU, else the first that can be bought, else the
 * first. Null for a product without variants. Adding to the bag without a choice adds this one.
 */
export function chooseVariant<V extends VariantLike>(
  product: { variants: readonly V[] },
  sku?: string | null,
  buyable: (v: V) => boolean = (v) => canBuy(v.availability),
): V | null {
  const { variants } = product;
  if (variants.length === 0) return null;
  return variants.find((v) => v.sku === sku) ?? variants.find(buyable) ?? variants[0];
}

/** Whether the SKU names one of the product's variants (a `?variant=` worth keeping). */
export function isVariantOf(product: { variants: readonly VariantLike[] }, sku: string): boolean {
  return product.variants.some((v) => v.sku === sku);
}

/** How a bag line, an order line, an e-mail and the desk name an item: "Matte Liquid Lipstick — Rosewood". */
export function itemName(productName: string, variantName: string | null | undefined): string {
  return variantName ? `${productName} — ${variantName}` : productName;
}

/** What a product's variants are, for "8 shades", "3 sizes", "2 options"; null for a product sold as one item. */
export function variantKind(product: { variants: readonly VariantLike[] }): "shade" | "size" | "option" | null {
  const { variants } = product;
  if (variants.length === 0) return null;
  return variants.every((v) => v.kind === "shade")
    ? "shade"
    : variants.every((v) => v.kind === "size")
      ? "size"
      : "option";
}

/** The SKU stock is counted under: the variant's, or the product's own when it has none. */
export function stockSku(product: { sku: string }, variant: { sku: string } | null): string {
  return variant?.sku ?? product.sku;
}
