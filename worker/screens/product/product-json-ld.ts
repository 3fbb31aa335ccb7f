import type { Availability } from "../../../shared/cart-rules";
import { CURRENCY } from "../../../shared/constants";
import { routePath } from "../../../shared/links";
import { type OnHand, productStock, variantStock } from "../../../shared/product-stock";
import type { Sale } from "../../../shared/promotions/sale-price";
import type { Product, ProductVariant } from "../../../shared/types/catalog";
import { itemName } from "../../../shared/variants";
import { fileUrl, type PageSite, pageUrl } from "../../frame/head/page-site";
import type {
  AggregateRating,
  BrandNode,
  Offer,
  ProductGroup,
  Product as ProductLd,
  ProductNode,
} from "../../frame/head/schema-types";
import { sanitizeHtml } from "../../frame/ui/sanitize-html";
import type { ReviewSummary } from "../../platform/reviews/product-review-store";
import { productPath } from "../../shop/products/product-card";
import { cardItem, type SaleLookup, saleItem } from "../../shop/products/sale-view";
import { variantImage, variantPath } from "../../shop/products/variant-options";

/**
 * The product page's schema.org data. A product sold as one item is a `Product` with one `Offer`;
 * one with shades or sizes is a `ProductGroup` (productGroupID, variesBy, hasVariant: a `Product`
 * per variant with its own offer), the shape of Google's "Product variant structured data". The
 * group's URL is the product's (the canonical); each variant's offer points at its `?variant=`.
 * Availability is what the page shows: stock applied.
 */

const SCHEMA_AVAILABILITY: Record<Availability, Offer["availability"]> = {
  in_stock: "https://schema.org/InStock",
  out_of_stock: "https://schema.org/OutOfStock",
  none: "https://schema.org/OutOfStock",
  prepurchase: "https://schema.org/PreOrder",
};

function plainDescription(product: Product): string {
  return sanitizeHtml(product.description)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Asia/Dubai is UTC+4 all year (no daylight saving). */
const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

/** The last day (in Dubai) a sale ending at `endsAt` holds its price: a sale ending at midnight holds the day before. */
export function lastDayOf(endsAt: string): string {
  return new Date(Date.parse(endsAt) - 1 + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** An offer at the price one costs in the bag now: a sale's, valid until the sale's end (decision 0120). */
function offer(url: Offer["url"], price: number, availability: Availability, sale: Sale | null): Offer {
  return {
    "@type": "Offer",
    url,
    priceCurrency: CURRENCY,
    price: sale ? (sale.price / 100).toFixed(2) : price.toFixed(2),
    ...(sale?.endsAt ? { priceValidUntil: lastDayOf(sale.endsAt) } : {}),
    availability: SCHEMA_AVAILABILITY[availability],
    itemCondition: "https://schema.org/NewCondition",
  };
}

function shared(
  site: PageSite,
  product: Product,
  reviews: ReviewSummary,
): { name: string; description: string; brand?: BrandNode; aggregateRating?: AggregateRating } {
  return {
    name: product.name,
    description: plainDescription(product),
    ...(product.brand
      ? {
          brand: {
            "@type": "Brand",
            name: product.brand.name,
            url: pageUrl(site, routePath("brands-slug", { slug: product.brand.slug })),
          },
        }
      : {}),
    ...(reviews.count > 0 && reviews.average !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average.toFixed(1),
            reviewCount: reviews.count,
            bestRating: "5",
            worstRating: "1",
          },
        }
      : {}),
  };
}

function variantJsonLd(
  site: PageSite,
  product: Product,
  variant: ProductVariant,
  onHand: OnHand,
  sales: SaleLookup,
): ProductNode {
  const image = variantImage(product, variant);
  return {
    "@type": "Product",
    sku: variant.sku,
    name: itemName(product.name, variant.name),
    ...(variant.kind === "shade" ? { color: variant.name } : { size: variant.name }),
    ...(image ? { image: fileUrl(site, image.url) } : {}),
    offers: offer(
      pageUrl(site, variantPath(product, variant.sku)),
      variant.price,
      variantStock(variant, onHand).availability,
      sales(saleItem(product, variant)),
    ),
  };
}

export function productJsonLd(
  site: PageSite,
  product: Product,
  reviews: ReviewSummary,
  onHand: OnHand,
  sales: SaleLookup,
): ProductLd | ProductGroup {
  if (product.variants.length === 0) {
    return {
      "@context": "https://schema.org",
      "@type": "Product",
      ...shared(site, product, reviews),
      sku: product.sku,
      image: product.images.map((i) => fileUrl(site, i.url)),
      offers: offer(
        pageUrl(site, productPath(product)),
        product.price,
        productStock(product, onHand).availability,
        sales(cardItem(product)),
      ),
    };
  }
  const kinds = [...new Set(product.variants.map((v) => v.kind))];
  return {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    ...shared(site, product, reviews),
    url: pageUrl(site, productPath(product)),
    productGroupID: product.sku,
    image: product.images.map((i) => fileUrl(site, i.url)),
    variesBy: kinds.map((k) => (k === "shade" ? "https://schema.org/color" : "https://schema.org/size")),
    hasVariant: product.variants.map((v) => variantJsonLd(site, product, v, onHand, sales)),
  };
}
