import type { Availability } from "./cart-rules";
import { routePath } from "./links";

/**
 * What GET /catalog-api/quick-view/{slug} answers: just enough for the quick view dialog. For a
 * product with shades or sizes, price and availability are the default variant's (the one the
 * product page opens on) and add-to-bag adds that one.
 */
export interface QuickViewProduct {
  slug: string;
  name: string;
  brand: string | null;
  path: string;
  /** What one costs in the bag now, a sale's included (decision 0120). */
  price: number;
  oldPrice: number | null;
  /** The sale's whole percent off, or null. */
  percentOff: number | null;
  /** Stock applied: what the product page says of the same variant. */
  availability: Availability;
  /** "Only 3 left" when counted and few. */
  left: number | null;
  volume: string | null;
  /** "8 shades", "3 sizes"; null for a product sold as one item. */
  variantCount: string | null;
  /** The variant add-to-bag adds; null without variants. */
  variant: { sku: string; name: string; kind: "shade" | "size" } | null;
  images: { url: string; alt: string; width: number; height: number }[];
  rating: { average: number; count: number } | null;
}

export const quickViewUrl = (slug: string) => routePath("catalog-api-quick-view", { slug });

/** A header search suggestion (GET /catalog-api/suggest?q=): a product, a brand or a category. */
export interface Suggestion {
  kind: "product" | "brand" | "category";
  name: string;
  brand: string | null;
  /** What one costs now, formatted, e.g. "AED 89.00" (a sale's included); null for a brand or a category. */
  price: string | null;
  /** A product's price line as its card shows it (decision 0120): the price, the one struck through, the sale's percent off. */
  priceLine: { price: number; oldPrice: number | null; percentOff: number | null } | null;
  path: string;
}
