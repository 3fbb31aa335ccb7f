import type { Availability } from "../cart-rules";
import type { Media } from "./cms";

/**
 * Catalogue and content records as the storefront uses them, unwrapped from
 * the Strapi v4 envelope by the CMS client. Prices are in AED as the CMS holds
 * them (the bag converts to fils).
 */
export interface Brand {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  logo: Media | null;
}

export interface ProductLine {
  id: string;
  name: string;
  slug: string;
  brandSlug: string;
}

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  image: Media | null;
  productCount: number;
}

export type VariantKind = "shade" | "size";

/** One shade or size of a product, sold under its own SKU (the CMS component product.variant). */
export interface ProductVariant {
  name: string;
  kind: VariantKind;
  sku: string;
  price: number;
  oldPrice: number | null;
  /** `#rrggbb`, checked by the CMS client (it goes into a style attribute); null when none or invalid. */
  swatch: string | null;
  image: Media | null;
  /** The variant's own, or the product's when the CMS leaves it empty. */
  availability: Availability;
}

export interface ProductSummary {
  id: string;
  name: string;
  slug: string;
  sku: string;
  price: number;
  oldPrice: number | null;
  availability: Availability;
  year: number | null;
  volume: string | null;
  brand: { name: string; slug: string } | null;
  line: { name: string; slug: string } | null;
  category: { name: string; slug: string } | null;
  images: Media[];
  /** Shades or sizes; empty for a product sold as one item. */
  variants: ProductVariant[];
}

export interface Product extends ProductSummary {
  /** Rich text (HTML from the CMS): sanitise before rendering. */
  description: string;
  ingredients: string | null;
  howToUse: string | null;
  publishedAt: string | null;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  pageCount: number;
  total: number;
}

export interface Tag {
  id: string;
  name: string;
  slug: string;
}

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  /** Rich text (HTML from the CMS): sanitise before rendering. */
  content: string;
  image: Media | null;
  publishedAt: string;
  /** When it was last changed (the CMS's updatedAt; publishedAt when the CMS gives none). */
  updatedAt: string;
  tags: Tag[];
}

export interface Project {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  image: Media | null;
  gallery: Media[];
  publishedAt: string;
}

export interface ContentPage {
  id: string;
  title: string;
  slug: string;
  description: string;
  content: string;
  updatedAt: string;
}
