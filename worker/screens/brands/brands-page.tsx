import type { Context } from "hono";
import { renderPage } from "../../frame/document/render-page";
import { siteOrigin } from "../../frame/head/site-origin";
import { Breadcrumbs, breadcrumbJsonLd, type Crumb } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { getBrands } from "../../platform/cms-client/catalog-records";
import { BrandMark } from "./brand-mark";

/** /brands: every brand of the CMS with its colour, logo or initial, product count and a link to its page. */
export async function brandsPage(c: Context<AppEnv>): Promise<Response> {
  const brands = await getBrands(c, c.get("locale"));
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Brands", path: "/brands" },
  ];
  return renderPage(c, {
    title: "Brands",
    description: "Every beauty house Noor Beauty stocks, bought from the brand or its official distributor.",
    jsonLd: [breadcrumbJsonLd(siteOrigin(c), crumbs)],
    body: (
      <section className="container page-section">
        <Breadcrumbs items={crumbs} />
        <div className="category-head">
          <h1>Brands</h1>
          <p className="muted">Every house we stock, bought from the brand or its official distributor.</p>
        </div>
        {brands.length === 0 ? (
          <p className="notice notice--info">The brands can't be shown right now. Please try again in a moment.</p>
        ) : (
          <ul className="brand-grid">
            {brands.map((brand, i) => (
              <li key={brand.slug}>
                <a className="brand-card" href={`/brands/${encodeURIComponent(brand.slug)}`}>
                  <BrandMark brand={brand} size="small" eager={i < 4} />
                  <span className="brand-card__text">
                    <span className="brand-card__name">{brand.name}</span>
                    <span className="brand-card__count">
                      {`${brand.productCount} ${brand.productCount === 1 ? "product" : "products"}`}
                    </span>
                    {brand.description && <span className="brand-card__about">{brand.description}</span>}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    ),
  });
}
