import { Hono } from "hono";
import type { QuickViewProduct } from "../../shared/quick-view";
import type { AppEnv } from "../app-env";
import { getProduct } from "../cms-client/catalog-records";
import { reviewSummary } from "../product-reviews/review-store";
import { productPath } from "./product-card";

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
  const product = await getProduct(c.env, c.get("locale"), slug);
  if (!product) return c.json({ error: "Unknown product" }, 404);
  const summary = await reviewSummary(c.env.DB, Number(product.id));
  const body: QuickViewProduct = {
    slug: product.slug,
    name: product.name,
    brand: product.brand?.name ?? null,
    path: productPath(product),
    price: product.price,
    oldPrice: product.oldPrice,
    availability: product.availability,
    volume: product.volume,
    images: product.images.slice(0, 6).map((i) => ({
      url: i.url,
      alt: i.alternativeText ?? product.name,
      width: i.width ?? 800,
      height: i.height ?? 800,
    })),
    rating: summary.average !== null ? { average: summary.average, count: summary.count } : null,
  };
  return c.json(body, 200, { "Cache-Control": "public, max-age=60" });
});
