import type { Context } from "hono";
import VariantPicker from "../../../client/islands/variant-picker";
import { clipText } from "../../../shared/clip-text";
import { otherLanguage } from "../../../shared/i18n/text-language";
import { islandTexts } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import { aedToFils } from "../../../shared/money";
import { defaultVariant, productStock, variantStock } from "../../../shared/product-stock";
import type { Sale } from "../../../shared/promotions/sale-price";
import type { StockState } from "../../../shared/stock-rules";
import type { Product, ProductSummary } from "../../../shared/types/catalog";
import { isVariantOf } from "../../../shared/variants";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { pageSiteOf } from "../../frame/head/page-site";
import { socialImage } from "../../frame/head/social-image";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import { FlashSlot } from "../../frame/personal/flash";
import { Breadcrumbs, type Crumb } from "../../frame/ui/breadcrumbs";
import { RatingSummary } from "../../frame/ui/product-reviews";
import { RichText, sanitizeHtml } from "../../frame/ui/sanitize-html";
import type { AppEnv } from "../../platform/app-env";
import { readCartOwner } from "../../platform/bag/cart-owner";
import { favouriteSlugs } from "../../platform/bag/favourite-store";
import { getProduct, getProducts } from "../../platform/cms-client/catalog-records";
import { listReviews, reviewSummaries, reviewSummary } from "../../platform/reviews/product-review-store";
import { displayName } from "../../platform/session/session";
import { viewerOf } from "../../platform/session/viewer";
import { readListingStock } from "../../platform/stock/listing-stock";
import { InstalmentLine, instalmentLine } from "../../shop/payments/instalment-line";
import { FavouriteToggle } from "../../shop/products/favourite-toggle";
import { AddToBagForm, AvailabilityLabel, Price, productPath } from "../../shop/products/product-card";
import { ProductGrid } from "../../shop/products/product-grid";
import { cardItem, loadSales } from "../../shop/products/sale-view";
import { variantImage, variantOptions } from "../../shop/products/variant-options";
import { BackInStockForm } from "./back-in-stock-form";
import { ProductFacts } from "./product-facts";
import { Gallery } from "./product-gallery";
import { productJsonLd } from "./product-json-ld";
import { type ReviewFormState, ReviewSection } from "./product-review-section";

/** How much of the product's own text its meta description carries after the name, the "…" included. */
const DESCRIPTION_TEXT_MAX = 140;

/** A product sold as one item: its price, availability and add-to-bag. */
function SingleBuyBox({ product, stock, sale }: { product: Product; stock: StockState; sale: Sale | null }) {
  const t = useTexts();
  return (
    <>
      <Price price={product.price} oldPrice={product.oldPrice} sale={sale} />
      <AvailabilityLabel availability={stock.availability} left={stock.left} />
      <div className="buy-box">
        <AddToBagForm product={product} availability={stock.availability} withQuantity />
        <BackInStockForm product={product} variant={null} availability={stock.availability} />
        {stock.availability === "prepurchase" && <p className="field__hint">{t.m.productPage.preOrderNote}</p>}
      </div>
    </>
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
  const search = new URL(c.req.url).search;
  // A shade that is not (or no longer) this product's: the product itself, without the query.
  const asked = new URLSearchParams(search).get("variant");
  if (asked !== null && !isVariantOf(product, asked)) return c.redirect(canonical, 301);
  if (categorySlug !== null && product.category && product.category.slug !== categorySlug) {
    return c.redirect(canonical + search, 301);
  }
  const productId = Number(product.id);
  // The signed-in shopper the page is drawn for: nobody when it renders for keeping (decision 0096).
  const { user } = viewerOf(c);
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
  const similarItems = similar?.items ?? [];
  // One stock read for the product and its similar goods' cards, the sales beside it (decision 0120).
  const [similarRatings, stock, sales] = await Promise.all([
    reviewSummaries(
      c.env.DB,
      similarItems.map((p) => Number(p.id)),
    ),
    readListingStock(c.env.DB, [product], similarItems),
    loadSales(c, [product, ...similarItems]),
  ]);
  const chosen = defaultVariant(product, stock, asked);
  const kind = chosen?.kind ?? null;
  const site = pageSiteOf(c);
  const t = textsOf(c);
  // Each shade's "Or 4 payments of …" (decision 0119) at its own price, a sale's included: the picker
  // swaps the line with the price (decision 0122).
  const options =
    chosen && kind
      ? variantOptions(product, stock, sales).map((option) => ({
          ...option,
          instalment: instalmentLine(c.env, t, aedToFils(option.price)),
        }))
      : [];
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.catalog, path: routePath("catalog") },
    ...(product.category
      ? [{ name: product.category.name, path: routePath("catalog-category", { category: product.category.slug }) }]
      : []),
    { name: product.name, path: canonical },
  ];
  const first = variantImage(product, chosen);
  const said = (text: string | null | undefined) => otherLanguage(t.locale, text, product.locale);
  return renderPage(c, {
    title: product.brand
      ? t.fill(t.m.productPage.titleByBrand, { name: product.name, brand: product.brand.name })
      : product.name,
    description: `${product.name}${product.volume ? `, ${product.volume}` : ""}. ${clipText(
      sanitizeHtml(product.description)
        .replace(/<[^>]+>/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
      DESCRIPTION_TEXT_MAX,
    )}`,
    canonicalPath: canonical,
    ogType: "product",
    // The sharing card is the product's own first picture whichever variant is chosen: the canonical's.
    image: socialImage(site, product.images[0] ?? first, product.name),
    status: reviewForm ? 422 : 200,
    jsonLd: [productJsonLd(site, product, summary, stock, sales)],
    body: (
      <div className="container page-section">
        <Breadcrumbs items={crumbs} />
        <FlashSlot />
        <article className="product-layout">
          <Gallery product={product} main={first} />
          <div className="product-details">
            {product.brand && (
              <p className="product-brand" {...otherLanguage(t.locale, product.brand.name)}>
                {product.brand.name}
              </p>
            )}
            <div className="product-title">
              <h1 {...said(product.name)}>{product.name}</h1>
              <FavouriteToggle slug={product.slug} name={product.name} active={favourites.has(product.slug)} />
            </div>
            <ProductFacts product={product} sku={chosen?.sku ?? product.sku} volume={kind !== "size"} />
            <a href="#reviews" className="rating-link">
              <RatingSummary summary={summary} />
            </a>
            {chosen && kind ? (
              <>
                <Island
                  name="variant-picker"
                  component={VariantPicker}
                  wake="interaction"
                  props={{
                    slug: product.slug,
                    productName: product.name,
                    kind,
                    options,
                    chosen: chosen.sku,
                    quantityTexts: t.m.bagActions.quantity,
                    ...islandTexts(t, "product"),
                  }}
                />
                {/* The picker follows a link (a full page) to or from a shade that offers this form. */}
                <BackInStockForm
                  product={product}
                  variant={chosen}
                  availability={variantStock(chosen, stock).availability}
                />
              </>
            ) : (
              <SingleBuyBox product={product} stock={productStock(product, stock)} sale={sales(cardItem(product))} />
            )}
            {/* Paying in four, in words (decision 0119): the chosen shade's, which the picker swaps on a pick. */}
            {chosen && kind ? (
              <InstalmentLine
                text={options.find((option) => option.sku === chosen.sku)?.instalment ?? null}
                follows={options.some((option) => option.instalment)}
              />
            ) : (
              <InstalmentLine text={instalmentLine(c.env, t, aedToFils(product.price))} />
            )}
            <section aria-labelledby="about">
              <h2 id="about">{t.m.productPage.about}</h2>
              <RichText html={product.description} {...said(product.description)} />
            </section>
            {product.ingredients && (
              <details className="product-more">
                <summary>{t.m.productPage.ingredients}</summary>
                <p {...said(product.ingredients)}>{product.ingredients}</p>
              </details>
            )}
            {product.howToUse && (
              <details className="product-more">
                <summary>{t.m.productPage.howToUse}</summary>
                <p {...said(product.howToUse)}>{product.howToUse}</p>
              </details>
            )}
          </div>
        </article>
        <ReviewSection
          productId={productId}
          productName={product.name}
          action={routePath("product-reviews", { slug: product.slug })}
          summary={summary}
          reviews={reviews}
          signedInAs={user ? displayName(user) : null}
          state={reviewForm}
        />
        {similar && similar.items.length > 0 && (
          <section className="section" aria-labelledby="similar">
            <h2 id="similar">{t.m.productPage.similar}</h2>
            <ProductGrid
              products={similar.items as ProductSummary[]}
              stock={stock}
              sale={(p) => sales(cardItem(p))}
              favourites={favourites}
              ratings={similarRatings}
            />
          </section>
        )}
      </div>
    ),
  });
}
