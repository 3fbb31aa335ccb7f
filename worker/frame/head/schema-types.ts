/**
 * The schema.org nodes the shop writes as JSON-LD, each with the properties Google's structured-data
 * documentation requires for it as required fields here, so a builder that leaves one out does not
 * compile (decision 0105). tests/worker/structured-data.test.ts checks the same on every page type.
 */

type Context = { "@context": "https://schema.org" };

/** An absolute URL on the shop or elsewhere (`https://…`). */
export type Url = `https://${string}` | `http://${string}`;

export interface ListItem {
  "@type": "ListItem";
  position: number;
  name: string;
  item: Url;
}

export interface BreadcrumbList extends Context {
  "@type": "BreadcrumbList";
  itemListElement: ListItem[];
}

export interface Offer {
  "@type": "Offer";
  url: Url;
  price: string;
  priceCurrency: string;
  availability: `https://schema.org/${string}`;
  itemCondition?: `https://schema.org/${string}`;
  /** The last day a sale's price holds (YYYY-MM-DD, decision 0120). */
  priceValidUntil?: string;
}

export interface AggregateRating {
  "@type": "AggregateRating";
  ratingValue: string;
  reviewCount: number;
  bestRating: string;
  worstRating: string;
}

export interface BrandNode {
  "@type": "Brand";
  name: string;
  url?: Url;
  logo?: Url;
  description?: string;
}

/** A product sold as one item, or one variant of a group: a name and an offer. */
export interface ProductNode {
  "@type": "Product";
  name: string;
  offers: Offer;
  sku?: string;
  image?: Url | Url[];
  description?: string;
  brand?: BrandNode;
  aggregateRating?: AggregateRating;
  color?: string;
  size?: string;
}

export interface ProductGroup extends Context {
  "@type": "ProductGroup";
  name: string;
  url: Url;
  productGroupID: string;
  hasVariant: ProductNode[];
  variesBy: string[];
  image?: Url[];
  description?: string;
  brand?: BrandNode;
  aggregateRating?: AggregateRating;
}

export interface ImageObject {
  "@type": "ImageObject";
  url: Url;
  width?: number;
  height?: number;
}

export interface PostalAddress {
  "@type": "PostalAddress";
  addressCountry: string;
  addressLocality?: string;
  addressRegion?: string;
  postalCode?: string;
  streetAddress?: string;
}

export interface ContactPoint {
  "@type": "ContactPoint";
  telephone: string;
  contactType: "customer service";
  availableLanguage: string[];
  email?: string;
}

export interface OrganizationRef {
  "@type": "Organization";
  name: string;
  url: Url;
  logo: ImageObject;
}

export interface Organization extends Context {
  "@type": "Organization";
  "@id": Url;
  name: string;
  url: Url;
  /** A raster picture (Google reads no SVG logo). */
  logo: ImageObject;
  address?: PostalAddress;
  contactPoint?: ContactPoint[];
  email?: string;
  telephone?: string;
  sameAs?: Url[];
}

export interface WebSite extends Context {
  "@type": "WebSite";
  "@id": Url;
  name: string;
  url: Url;
  inLanguage: string;
  publisher: { "@id": Url };
  potentialAction: {
    "@type": "SearchAction";
    target: { "@type": "EntryPoint"; urlTemplate: Url };
    "query-input": string;
  };
}

export interface BlogPosting extends Context {
  "@type": "BlogPosting";
  headline: string;
  image: Url[];
  datePublished: string;
  dateModified: string;
  author: OrganizationRef;
  publisher: OrganizationRef;
  mainEntityOfPage: { "@type": "WebPage"; "@id": Url };
  inLanguage: string;
  description?: string;
}

export type Brand = BrandNode & Context;
export type Product = ProductNode & Context;

/** Every top-level node a page may carry. */
export type JsonLdNode = BreadcrumbList | Product | ProductGroup | Brand | Organization | WebSite | BlogPosting;
