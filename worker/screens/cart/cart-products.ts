import type { Context } from "hono";
import type { Availability } from "../../../shared/cart-rules";
import { aedToFils, type Fils } from "../../../shared/money";
import type { AppEnv } from "../../platform/app-env";
import { getProductsBySlugs } from "../../platform/cms-client/catalog-records";

/** What the bag needs to know about a product, read from the CMS on every request. */
export interface CartProduct {
  slug: string;
  name: string;
  brand: string | null;
  price: Fils;
  availability: Availability;
  path: string;
  image: { url: string; alt: string; width: number; height: number } | null;
}

/**
 * Today's data for the products in a bag. Prices always come from the CMS on
 * the server, never from the browser.
 */
export async function loadCartProducts(c: Context<AppEnv>, slugs: string[]): Promise<Map<string, CartProduct>> {
  const wanted = [...new Set(slugs.filter((s) => /^[a-z0-9-]{1,120}$/.test(s)))];
  const products = await getProductsBySlugs(c, c.get("locale") ?? "en", wanted);
  return new Map(
    products.map((p) => {
      const image = p.images[0];
      return [
        p.slug,
        {
          slug: p.slug,
          name: p.name,
          brand: p.brand?.name ?? null,
          price: aedToFils(p.price),
          availability: p.availability,
          path: `/catalog/${p.category?.slug ?? "all"}/${p.slug}`,
          image: image
            ? {
                url: image.url,
                alt: image.alternativeText ?? p.name,
                width: image.width ?? 96,
                height: image.height ?? 96,
              }
            : null,
        },
      ];
    }),
  );
}
