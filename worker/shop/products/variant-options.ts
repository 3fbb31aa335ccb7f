import type { VariantImage, VariantOption } from "../../../client/islands/variant-picker";
import { type OnHand, variantStock } from "../../../shared/product-stock";
import type { Product, ProductVariant } from "../../../shared/types/catalog";
import type { Media } from "../../../shared/types/cms";
import { productPath } from "./product-card";
import { type SaleLookup, saleItem, shownPrice } from "./sale-view";

/** The product page with one variant chosen: the address each swatch links to and JSON-LD's offer URL. */
export function variantPath(product: Pick<Product, "slug" | "category">, sku: string): string {
  return `${productPath(product)}?variant=${encodeURIComponent(sku)}`;
}

function toImage(media: Media | undefined | null, alt: string): VariantImage | null {
  return media
    ? { url: media.url, alt: media.alternativeText ?? alt, width: media.width ?? 800, height: media.height ?? 800 }
    : null;
}

/** A variant's main picture: its own, else the product's first. */
export function variantImage(product: Product, variant: ProductVariant | null): Media | null {
  return variant?.image ?? product.images[0] ?? null;
}

/** The picker's options, stock and sales applied (what the island shows and switches between). */
export function variantOptions(product: Product, onHand: OnHand, sales: SaleLookup): VariantOption[] {
  return product.variants.map((v) => {
    const state = variantStock(v, onHand);
    return {
      sku: v.sku,
      name: v.name,
      swatch: v.swatch,
      ...shownPrice(v.price, v.oldPrice, sales(saleItem(product, v))),
      availability: state.availability,
      left: state.left,
      href: variantPath(product, v.sku),
      image: toImage(variantImage(product, v), `${product.name}, ${v.name}`),
    };
  });
}
