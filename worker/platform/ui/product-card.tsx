import AddToBag from "../../../client/islands/add-to-bag";
import QuickView from "../../../client/islands/quick-view";
import type { Availability } from "../../../shared/cart-rules";
import { canBuy } from "../../../shared/cart-rules";
import { aedToFils, formatAed } from "../../../shared/money";
import { text } from "../../../shared/text";
import type { ProductSummary } from "../../../shared/types/catalog";
import { Island } from "../render/island";
import type { ReviewSummary } from "../stores/product-review-store";
import { FavouriteToggle } from "./favourite-toggle";
import { RatingSummary } from "./product-reviews";

export function productPath(p: Pick<ProductSummary, "slug" | "category">): string {
  return `/catalog/${p.category?.slug ?? "all"}/${p.slug}`;
}

export function AvailabilityLabel({ availability }: { availability: Availability | null }) {
  const state = availability ?? "none";
  const tone = state === "in_stock" ? "in" : state === "prepurchase" ? "pre" : "out";
  return <span className={`availability availability--${tone}`}>{text.availability[state]}</span>;
}

export function Price({ price, oldPrice }: { price: number; oldPrice: number | null }) {
  return (
    <p className="price">
      <span className="price__now">{formatAed(aedToFils(price))}</span>
      {oldPrice !== null && oldPrice > price && (
        <del className="price__old">
          <span className="visually-hidden">Was </span>
          {formatAed(aedToFils(oldPrice))}
        </del>
      )}
    </p>
  );
}

/** The add-to-bag control: an island that updates the bag in place, a plain form without JavaScript. */
export function AddToBagForm({
  product,
  compact,
  withQuantity,
}: {
  product: ProductSummary;
  compact?: boolean;
  withQuantity?: boolean;
}) {
  const buyable = canBuy(product.availability);
  return (
    <Island
      name="add-to-bag"
      component={AddToBag}
      wake="interaction"
      props={{
        slug: product.slug,
        name: product.name,
        label: product.availability === "prepurchase" ? "Pre-order" : "Add to bag",
        unavailable: buyable ? null : text.availability.out_of_stock,
        withQuantity,
        compact,
      }}
    />
  );
}

/** A product in a grid. The first few images load eagerly; the rest lazily. */
export function ProductCard({
  product,
  eager,
  favourite,
  rating,
}: {
  product: ProductSummary;
  eager?: boolean;
  favourite: boolean;
  rating?: ReviewSummary;
}) {
  const image = product.images[0];
  const href = productPath(product);
  return (
    <article className="product-card">
      {/* The image repeats the name link for pointers; keyboards and screen readers use the name. */}
      <a className="product-card__image" href={href} tabIndex={-1} aria-label={product.name}>
        {image && (
          <img
            src={image.url}
            alt=""
            width={image.width ?? 400}
            height={image.height ?? 400}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        )}
      </a>
      <div className="product-card__favourite">
        <FavouriteToggle slug={product.slug} name={product.name} active={favourite} />
      </div>
      <div className="product-card__body">
        {product.brand && <p className="product-brand">{product.brand.name}</p>}
        <h3 className="product-card__name">
          <a href={href}>{product.name}</a>
        </h3>
        {rating && <RatingSummary summary={rating} compact />}
        <Price price={product.price} oldPrice={product.oldPrice} />
        <AvailabilityLabel availability={product.availability} />
      </div>
      <div className="product-card__actions">
        <AddToBagForm product={product} compact />
        <Island
          name="quick-view"
          component={QuickView}
          wake="interaction"
          props={{ slug: product.slug, name: product.name, href }}
        />
      </div>
    </article>
  );
}
