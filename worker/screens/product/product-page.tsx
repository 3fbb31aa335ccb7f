import type { Context } from "hono";
import { CURRENCY } from "../../../shared/constants";
import type { Product, ProductSummary } from "../../../shared/types/catalog";
import { chooseVariant } from "../../../shared/variants";
import type { AppEnv } from "../../platform/app-env";
import { getProduct, getProducts } from "../../platform/cms-client/catalog-records";
import { renderNotFound } from "../../platform/page/not-found";
import { renderPage } from "../../platform/page/render-page";
import { FlashSlot } from "../../platform/render/flash";
import { RichText, sanitizeHtml } from "../../platform/render/sanitize-html";
import { absoluteUrl, siteOrigin } from "../../platform/seo/site-origin";
import { displayName } from "../../platform/session/session";
import { readCartOwner } from "../../platform/stores/cart-owner";
import { favouriteSlugs } from "../../platform/stores/favourite-store";
import {
  listReviews,
  type ReviewSummary,
  reviewSummaries,
  reviewSummary,
} from "../../platform/stores/product-review-store";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../../platform/ui/breadcrumbs";
import { FavouriteToggle } from "../../platform/ui/favourite-toggle";
import { AddToBagForm, AvailabilityLabel, Price, productPath } from "../../platform/ui/product-card";
import { ProductGrid } from "../../platform/ui/product-grid";
import { RatingSummary } from "../../platform/ui/product-reviews";
import { BackInStockForm } from "./back-in-stock-form";
import { type ReviewFormState, ReviewSection } from "./product-review-section";

const SCHEMA_AVAILABILITY = {
  in_stock: "https://schema.org/InStock",
  out_of_stock: "https://schema.org/OutOfStock",
  none: "https://schema.org/OutOfStock",
  prepurchase: "https://schema.org/PreOrder",
} as const;

function productJsonLd(origin: string, product: Product, reviews: ReviewSummary) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    description: sanitizeHtml(product.description)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    image: product.images.map((i) => absoluteUrl(origin, i.url)),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand.name } } : {}),
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
    offers: {
      "@type": "Offer",
      url: absoluteUrl(origin, productPath(product)),
      priceCurrency: CURRENCY,
      price: product.price.toFixed(2),
      availability: SCHEMA_AVAILABILITY[product.availability],
      itemCondition: "https://schema.org/NewCondition",
    },
  };
}

function Gallery({ product }: { product: Product }) {
  return (
    <div className="gallery">
      {/* A scroll-snap strip: swipe on touch, arrow keys once focused, no script needed. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <ul className="gallery__track" tabIndex={0} aria-label={`${product.name}, gallery`}>
        {product.images.map((image, i) => (
          <li key={image.url} id={`image-${i + 1}`} className="gallery__slide">
            <img
              src={image.url}
              alt={image.alternativeText ?? product.name}
              width={image.width ?? 800}
              height={image.height ?? 800}
              loading={i === 0 ? "eager" : "lazy"}
              fetchPriority={i === 0 ? "high" : undefined}
            />
          </li>
        ))}
      </ul>
      {product.images.length > 1 && (
        <ul className="gallery__thumbs">
          {product.images.map((image, i) => (
            <li key={image.url}>
              <a href={`#image-${i + 1}`}>
                <img
                  src={image.url}
                  alt={`View ${i + 1} of ${product.images.length}`}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function BuyBox({ product }: { product: Product }) {
  const shown = chooseVariant(product);
  return (
    <div className="buy-box">
      <AddToBagForm product={product} withQuantity />
      <BackInStockForm product={product} variant={shown} availability={shown?.availability ?? product.availability} />
      {product.availability === "prepurchase" && (
        <p className="field__hint">This product is on pre-order: we deliver it as soon as it arrives.</p>
      )}
    </div>
  );
}

/** /catalog/{category}/{slug}: 301 to the canonical category when it's wrong, 404 when unknown. */
export function productPage(c: Context<AppEnv>): Promise<Response> {
  return renderProductPage(c, c.req.param("slug") ?? "", c.req.param("category") ?? "");
}

/**
 * The product page. `categorySlug` null skips the canonical check (a review post
 * answering with the page again); `reviewForm` shows a refused review at 422.
 */
export async function renderProductPage(
  c: Context<AppEnv>,
  slug: string,
  categorySlug: string | null,
  reviewForm?: ReviewFormState,
): Promise<Response> {
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return renderNotFound(c);
  const locale = c.get("locale");
  const product = await getProduct(c, locale, slug);
  if (!product) return renderNotFound(c);
  const canonical = productPath(product);
  if (categorySlug !== null && product.category && product.category.slug !== categorySlug) {
    return c.redirect(canonical + new URL(c.req.url).search, 301);
  }
  const productId = Number(product.id);
  const user = c.get("user");
  const [similar, favourites, summary, reviews] = await Promise.all([
    getProducts(c, locale, {
      filters: {
        and: [
          { slug: { ne: product.slug } },
          {
            or: [
              { category: { slug: { eq: product.category?.slug ?? "" } } },
              { line: { slug: { eq: product.line?.slug ?? "" } } },
            ],
          },
        ],
      },
      sort: ["popularity:desc"],
      pageSize: 4,
    }),
    favouriteSlugs(c),
    reviewSummary(c.env.DB, productId),
    readCartOwner(c).then((owner) => listReviews(c.env.DB, productId, owner)),
  ]);
  const similarRatings = await reviewSummaries(
    c.env.DB,
    (similar?.items ?? []).map((p) => Number(p.id)),
  );
  const origin = siteOrigin(c);
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Catalog", path: "/catalog" },
    ...(product.category ? [{ name: product.category.name, path: `/catalog/${product.category.slug}` }] : []),
    { name: product.name, path: canonical },
  ];
  const first = product.images[0];
  return renderPage(c, {
    title: product.brand ? `${product.name} by ${product.brand.name}` : product.name,
    description: `${product.name}${product.volume ? `, ${product.volume}` : ""}. ${sanitizeHtml(product.description)
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 140)}`,
    canonicalPath: canonical,
    ogType: "product",
    image: first
      ? {
          url: absoluteUrl(origin, first.url),
          width: first.width ?? 800,
          height: first.height ?? 800,
          alt: first.alternativeText ?? product.name,
        }
      : undefined,
    status: reviewForm ? 422 : 200,
    jsonLd: [productJsonLd(origin, product, summary), breadcrumbJsonLd(origin, crumbs)],
    body: (
      <div className="container page-section">
        <Breadcrumbs items={crumbs} />
        <FlashSlot />
        <article className="product-layout">
          <Gallery product={product} />
          <div className="product-details">
            {product.brand && <p className="product-brand">{product.brand.name}</p>}
            <div className="product-title">
              <h1>{product.name}</h1>
              <FavouriteToggle slug={product.slug} name={product.name} active={favourites.has(product.slug)} />
            </div>
            <p className="muted">
              {[product.line?.name, product.volume, product.sku && `SKU ${product.sku}`].filter(Boolean).join(" · ")}
            </p>
            <a href="#reviews" className="rating-link">
              <RatingSummary summary={summary} />
            </a>
            <Price price={product.price} oldPrice={product.oldPrice} />
            <AvailabilityLabel availability={product.availability} />
            <BuyBox product={product} />
            <section aria-labelledby="about">
              <h2 id="about">About</h2>
              <RichText html={product.description} />
            </section>
            {product.ingredients && (
              <details className="product-more">
                <summary>Ingredients</summary>
                <p>{product.ingredients}</p>
              </details>
            )}
            {product.howToUse && (
              <details className="product-more">
                <summary>How to use</summary>
                <p>{product.howToUse}</p>
              </details>
            )}
          </div>
        </article>
        <ReviewSection
          productId={productId}
          productName={product.name}
          action={`/product-reviews/${product.slug}`}
          summary={summary}
          reviews={reviews}
          signedInAs={user ? displayName(user) : null}
          state={reviewForm}
        />
        {similar && similar.items.length > 0 && (
          <section className="section" aria-labelledby="similar">
            <h2 id="similar">Similar goods</h2>
            <ProductGrid
              products={similar.items as ProductSummary[]}
              favourites={favourites}
              ratings={similarRatings}
            />
          </section>
        )}
      </div>
    ),
  });
}
