import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import { Breadcrumbs } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { getCategories } from "../../platform/cms-client/catalog-records";

/** /catalog: the categories, each with its image and product count. */
export async function catalogPage(c: Context<AppEnv>): Promise<Response> {
  const categories = await getCategories(c, c.get("locale"));
  const t = textsOf(c);
  return renderPage(c, {
    title: t.m.catalog.title,
    description: t.m.catalog.description,
    // No category read: the notice says so, and the page is a 503 to ask again (decision 0101).
    status: categories.length === 0 ? 503 : 200,
    body: (
      <section className="container page-section">
        <Breadcrumbs
          items={[
            { name: t.m.crumbs.home, path: "/" },
            { name: t.m.crumbs.catalog, path: routePath("catalog") },
          ]}
        />
        <h1>{t.m.catalog.title}</h1>
        {categories.length === 0 ? (
          <p className="notice notice--info">{t.m.catalog.unavailable}</p>
        ) : (
          <ul className="category-grid">
            {categories.map((category, i) => (
              <li key={category.slug}>
                <a className="category-card" href={routePath("catalog-category", { category: category.slug })}>
                  {category.image && (
                    <img
                      src={category.image.url}
                      alt=""
                      width={category.image.width ?? 800}
                      height={category.image.height ?? 600}
                      loading={i < 3 ? "eager" : "lazy"}
                    />
                  )}
                  <span className="category-card__name">{category.name}</span>
                  <span className="category-card__count">{t.plural(t.m.listing.count, category.productCount)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    ),
  });
}
