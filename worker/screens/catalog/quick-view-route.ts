import { Hono } from "hono";
import { defaultVariant, productStock, variantStock } from "../../../shared/product-stock";
import type { QuickViewProduct } from "../../../shared/quick-view";
import { readSearchQuery } from "../../../shared/search-query";
import { textsOf } from "../../frame/i18n/texts";
import type { AppEnv } from "../../platform/app-env";
import { getProduct } from "../../platform/cms-client/catalog-records";
import { reviewSummary } from "../../platform/reviews/product-review-store";
import { suggestionsFor } from "../../platform/search/suggestions";
import { readListingStock } from "../../platform/stock/listing-stock";
import { productPath, variantCountText } from "../../shop/products/product-card";
import { cardItem, loadSales, saleItem, shownPrice } from "../../shop/products/sale-view";
import { variantPath } from "../../shop/products/variant-options";

/**
 * GET /catalog-api/quick-view/{slug}: a product's images, price, availability
 * and rating as JSON for the quick view dialog, fetched only when it opens.
 * The same for everyone, so browsers and the edge may keep it for a minute.
 */
export const catalogApi = new Hono<AppEnv>();

catalogApi.get("/quick-view/:slug", async (c) => {
  c.header("X-Robots-Tag", "noindex");
  const slug = c.req.param("slug");
  if (!/^[a-z0-9-]{1,120}$/.test(slug)) return c.json({ error: "Unknown product" }, 404);
  const product = await getProduct(c, c.get("locale"), slug);
  if (!product) return c.json({ error: "Unknown product" }, 404);
  const [summary, stock, sales] = await Promise.all([
    reviewSummary(c.env.DB, Number(product.id)),
    readListingStock(c.env.DB, [product]),
    loadSales(c, [product]),
  ]);
  const variant = defaultVariant(product, stock);
  const state = variant ? variantStock(variant, stock) : productStock(product, stock);
  // The chosen shade's picture first, as on the product page.
  const images = variant?.image ? [variant.image, ...product.images.slice(1)] : product.images;
  const body: QuickViewProduct = {
    slug: product.slug,
    name: product.name,
    brand: product.brand?.name ?? null,
    path: variant ? variantPath(product, variant.sku) : productPath(product),
    // What the product page shows of the same variant: a sale's price, the old one and its badge (decision 0120).
    ...shownPrice(
      variant?.price ?? product.price,
      variant ? variant.oldPrice : product.oldPrice,
      sales(variant ? saleItem(product, variant) : cardItem(product)),
    ),
    availability: state.availability,
    left: state.left,
    volume: variant?.kind === "size" ? null : product.volume,
    variantCount: variantCountText(textsOf(c), product),
    variant: variant ? { sku: variant.sku, name: variant.name, kind: variant.kind } : null,
    images: images.slice(0, 6).map((i) => ({
      url: i.url,
      alt: i.alternativeText ?? product.name,
      width: i.width ?? 800,
      height: i.height ?? 800,
    })),
    rating: summary.average !== null ? { average: summary.average, count: summary.count } : null,
  };
  return c.json(body, 200, { "Cache-Control": "public, max-age=60" });
});

/** GET /catalog-api/suggest?q=: categories, brands and up to 6 products for the header search box, from the search index. */
catalogApi.get("/suggest", async (c) => {
  c.header("X-Robots-Tag", "noindex");
  const q = readSearchQuery(c.req.query("q"));
  const items = q.length < 2 ? [] : await suggestionsFor(c, q);
  return c.json({ items }, 200, { "Cache-Control": "public, max-age=60" });
});
