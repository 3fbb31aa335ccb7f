import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import { Breadcrumbs, type Crumb } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { getBrands } from "../../platform/cms-client/catalog-records";
import { BrandMark } from "./brand-mark";

/** /brands: every brand of the CMS with its colour, logo or initial, product count and a link to its page. */
export async function brandsPage(c: Context<AppEnv>): Promise<Response> {
  const brands = await getBrands(c, c.get("locale"));
  const t = textsOf(c);
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.brands, path: routePath("brands") },
  ];
  return renderPage(c, {
    title: t.m.brands.title,
    description: t.m.brands.description,
    // No brand read: the notice says so, and the page is a 503 to ask again (decision 0101).
    status: brands.length === 0 ? 503 : 200,
    body: (
      <section className="container page-section">
        <Breadcrumbs items={crumbs} />
        <div className="category-head">
          <h1>{t.m.brands.title}</h1>
          <p className="muted">{t.m.brands.lead}</p>
        </div>
        {brands.length === 0 ? (
          <p className="notice notice--info">{t.m.brands.unavailable}</p>
        ) : (
          <ul className="brand-grid">
            {brands.map((brand, i) => (
              <li key={brand.slug}>
                <a className="brand-card" href={routePath("brands-slug", { slug: brand.slug })}>
                  <BrandMark brand={brand} size="small" eager={i < 4} />
                  <span className="brand-card__text">
                    <span className="brand-card__name">{brand.name}</span>
                    <span className="brand-card__count">{t.plural(t.m.listing.count, brand.productCount)}</span>
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
