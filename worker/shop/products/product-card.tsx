import { AvailabilityText } from "../../../client/components/availability";
import { PriceLine } from "../../../client/components/price";
import AddToBag from "../../../client/islands/add-to-bag";
import QuickView from "../../../client/islands/quick-view";
import type { Availability } from "../../../shared/cart-rules";
import { canBuy } from "../../../shared/cart-rules";
import { otherLanguage } from "../../../shared/i18n/text-language";
import { islandTexts, type Translator } from "../../../shared/i18n/translator";
import { productPath as productPathOf } from "../../../shared/links";
import type { Sale } from "../../../shared/promotions/sale-price";
import type { StockState } from "../../../shared/stock-rules";
import type { ProductSummary } from "../../../shared/types/catalog";
import { itemName, safeSwatch, variantKind } from "../../../shared/variants";
import { useTexts } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import { RatingSummary } from "../../frame/ui/product-reviews";
import type { ReviewSummary } from "../../platform/reviews/product-review-store";
import { FavouriteToggle } from "./favourite-toggle";
import { shownPrice } from "./sale-view";

export function productPath(p: Pick<ProductSummary, "slug" | "category">): string {
  return productPathOf(p.category?.slug, p.slug);
}

export function AvailabilityLabel({ availability, left }: { availability: Availability | null; left?: number | null }) {
  const t = useTexts();
  return <AvailabilityText availability={availability} left={left} locale={t.locale} texts={t.m.product} />;
}

/** A price, with a sale applied when there is one: the sale price, the old one struck through, "−20%". */
export function Price({
  price,
  oldPrice,
  sale = null,
}: {
  price: number;
  oldPrice: number | null;
  sale?: Sale | null;
}) {
  const t = useTexts();
  return <PriceLine {...shownPrice(price, oldPrice, sale)} locale={t.locale} texts={t.m.product} />;
}

/** The add-to-bag control: an island that updates the bag in place, a plain form without JavaScript. */
export function AddToBagForm({
  product,
  availability,
  variant,
  compact,
  withQuantity,
}: {
  product: Pick<ProductSummary, "slug" | "name">;
  /** What stock makes of it (productStock / variantStock), not the CMS's word alone. */
  availability: Availability;
  /** The shade or size added; none for a product sold as one item. */
  variant?: { sku: string; name: string } | null;
  compact?: boolean;
  withQuantity?: boolean;
}) {
  const t = useTexts();
  return (
    <Island
      name="add-to-bag"
      component={AddToBag}
      wake="interaction"
      props={{
        slug: product.slug,
        variant: variant?.sku ?? null,
        name: itemName(product.name, variant?.name),
        label: availability === "prepurchase" ? t.m.product.preOrder : t.m.product.addToBag,
        unavailable: canBuy(availability) ? null : t.m.product.availability.out_of_stock,
        withQuantity,
        // The quantity rule's words go only where there is a quantity to check (not to every card).
        quantityTexts: withQuantity ? t.m.bagActions.quantity : undefined,
        compact,
        ...islandTexts(t, "product"),
      }}
    />
  );
}

/** "8 shades", "3 sizes", "1 shade" in the page's language; null for a product sold as one item. */
export function variantCountText(t: Translator, product: ProductSummary): string | null {
  const kind = variantKind(product);
  return kind && t.plural(t.m.product.variantCount[kind], product.variants.length);
}

/** How many shades or sizes, and up to five of the shades' colours (decoration: the count is the text). */
function VariantSummary({ product }: { product: ProductSummary }) {
  const count = variantCountText(useTexts(), product);
  if (!count) return null;
  const dots = product.variants
    .map((v) => (v.kind === "shade" ? safeSwatch(v.swatch) : null))
    .filter((colour): colour is string => colour !== null)
    .slice(0, 5);
  return (
    <p className="variant-summary">
      {dots.length > 0 && (
        <span className="variant-summary__dots" aria-hidden="true">
          {dots.map((colour, i) => (
            <span key={i} className="variant-summary__dot" style={{ backgroundColor: colour }} />
          ))}
        </span>
      )}
      {count}
    </p>
  );
}

/** A product in a grid. The first few images load eagerly; the rest lazily. */
export function ProductCard({
  product,
  eager,
  favourite,
  rating,
  stock,
  sale = null,
}: {
  product: ProductSummary;
  /** Its sale now (decision 0120), for one unit of the card's item. */
  sale?: Sale | null;
  /** The product's state with stock applied (productStock). */
  stock: StockState;
  eager?: boolean;
  favourite: boolean;
  rating?: ReviewSummary;
}) {
  const t = useTexts();
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
        {product.brand && (
          <p className="product-brand" {...otherLanguage(t.locale, product.brand.name)}>
            {product.brand.name}
          </p>
        )}
        <h3 className="product-card__name">
          <a href={href} {...otherLanguage(t.locale, product.name, product.locale)}>
            {product.name}
          </a>
        </h3>
        {rating && <RatingSummary summary={rating} compact />}
        <VariantSummary product={product} />
        <Price price={product.price} oldPrice={product.oldPrice} sale={sale} />
        <AvailabilityLabel availability={stock.availability} left={stock.left} />
      </div>
      <div className="product-card__actions">
        {product.variants.length > 1 ? (
          // A shade is the shopper's to choose: the card never adds one they have not seen.
          <a className="button button--small button--block" href={href}>
            {product.variants.every((v) => v.kind === "shade") ? t.m.product.chooseShade : t.m.product.chooseSize}
            <span className="visually-hidden">: {product.name}</span>
          </a>
        ) : (
          <AddToBagForm
            product={product}
            availability={stock.availability}
            variant={product.variants[0] ?? null}
            compact
          />
        )}
        <Island
          name="quick-view"
          component={QuickView}
          wake="interaction"
          props={{ slug: product.slug, name: product.name, href, ...islandTexts(t, "product") }}
        />
      </div>
    </article>
  );
}
