import type { Availability } from "./cart-rules";

/** What GET /catalog-api/quick-view/{slug} answers: just enough for the quick view dialog. */
export interface QuickViewProduct {
  slug: string;
  name: string;
  brand: string | null;
  path: string;
  price: number;
  oldPrice: number | null;
  availability: Availability;
  volume: string | null;
  images: { url: string; alt: string; width: number; height: number }[];
  rating: { average: number; count: number } | null;
}

export const quickViewUrl = (slug: string) => `/catalog-api/quick-view/${encodeURIComponent(slug)}`;

/** A header search suggestion (GET /catalog-api/suggest?q=). */
export interface Suggestion {
  name: string;
  brand: string | null;
  /** Formatted, e.g. "AED 89.00". */
  price: string;
  path: string;
}
