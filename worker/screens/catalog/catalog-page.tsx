import type { Context } from "hono";
import { renderPage } from "../../frame/document/render-page";
import { Breadcrumbs } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { getCategories } from "../../platform/cms-client/catalog-records";

/** /catalog: the categories, each with its image and product count. */
export async function catalogPage(c: Context<AppEnv>): Promise<Response> {
  const categories = await getCategories(c, c.get("locale"));
  return renderPage(c, {
    title: "Catalog",
    description: "Skincare, make-up, hair care, fragrance, body care and men's grooming from trusted brands.",
    body: (
      <section className="container page-section">
        <Breadcrumbs
          items={[
            { name: "Home", path: "/" },
            { name: "Catalog", path: "/catalog" },
          ]}
        />
        <h1>Catalog</h1>
        {categories.length === 0 ? (
          <p className="notice notice--info">The catalog can't be shown right now. Please try again in a moment.</p>
        ) : (
          <ul className="category-grid">
            {categories.map((category, i) => (
              <li key={category.slug}>
                <a className="category-card" href={`/catalog/${category.slug}`}>
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
                  <span className="category-card__count">
                    {`${category.productCount} ${category.productCount === 1 ? "product" : "products"}`}
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
