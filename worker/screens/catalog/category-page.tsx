import type { Context } from "hono";
import CatalogFilterForm, { RESULTS_ID } from "../../../client/islands/catalog-filter";
import { cmsFilters, emptyMessage, filterQuery, readCatalogFilter, SORTS } from "../../../shared/catalog-filter";
import type { AppEnv } from "../../platform/app-env";
import { getBrands, getCategory, getProducts } from "../../platform/cms-client/catalog-records";
import { renderNotFound } from "../../platform/page/not-found";
import { renderPage } from "../../platform/page/render-page";
import { FlashSlot } from "../../platform/render/flash";
import { Island } from "../../platform/render/island";
import { favouriteSlugs } from "../../platform/stores/favourite-store";
import { readListingStock } from "../../platform/stores/listing-stock";
import { reviewSummaries } from "../../platform/stores/product-review-store";
import { Breadcrumbs } from "../../platform/ui/breadcrumbs";
import { Pager } from "../../platform/ui/pager";
import { ProductGrid } from "../../platform/ui/product-grid";
import { stockJudged } from "./availability-facet";
import { parseQuery } from "./query-string";

const PAGE_SIZE = 12;

/** /catalog/{category}: the smart filter, sort, products and pages; 404 for an unknown category. */
export async function categoryPage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param("category") ?? "";
  const locale = c.get("locale");
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return renderNotFound(c);
  const filter = readCatalogFilter(parseQuery(c.req.url));
  const [category, brands, favourites, judged] = await Promise.all([
    getCategory(c, locale, slug),
    getBrands(c, locale),
    favouriteSlugs(c),
    // The availability facet follows stock as cards do; only a page filtered by it pays for reading it.
    filter.availability.length ? stockJudged(c, locale, slug) : undefined,
  ]);
  if (!category) return renderNotFound(c);
  const sort = SORTS.find((s) => s.key === filter.sort)!;
  const products = await getProducts(c, locale, {
    filters: cmsFilters(slug, filter, judged),
    sort: sort.cms,
    page: filter.page,
    pageSize: PAGE_SIZE,
  });
  const items = products?.items ?? [];
  const [ratings, stock] = await Promise.all([
    reviewSummaries(
      c.env.DB,
      items.map((p) => Number(p.id)),
    ),
    readListingStock(c.env.DB, items),
  ]);
  const base = `/catalog/${slug}`;
  return renderPage(c, {
    title: filter.page > 1 ? `${category.name} — page ${filter.page}` : category.name,
    description: category.description ?? `${category.name} at Noor Beauty.`,
    body: (
      <section className="container page-section">
        <Breadcrumbs
          items={[
            { name: "Home", path: "/" },
            { name: "Catalog", path: "/catalog" },
            { name: category.name, path: base },
          ]}
        />
        <div className="category-head">
          <h1>{category.name}</h1>
          {category.description && <p className="muted">{category.description}</p>}
        </div>
        <FlashSlot />
        <div className="category-layout">
          <Island
            name="catalog-filter"
            component={CatalogFilterForm}
            wake="interaction"
            props={{
              categorySlug: category.slug,
              brands: brands.map((b) => ({
                slug: b.slug,
                name: b.name,
                lines: b.lines.map((l) => ({ slug: l.slug, name: l.name })),
              })),
              filter,
            }}
          />
          {/* The filter island swaps this region for the one of the new URL's page. */}
          <div id={RESULTS_ID} data-filter={JSON.stringify(filter)}>
            <div className="results-bar">
              <p className="muted" data-result-count="">
                {products ? `${products.total} ${products.total === 1 ? "product" : "products"}` : ""}
              </p>
              <form method="get" action={base} className="sort-form">
                {[...new URLSearchParams(filterQuery(filter, { sort: "popular", page: 1 }).slice(1))].map(
                  ([k, v], i) => (
                    <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
                  ),
                )}
                <label htmlFor="sort">Sort by</label>
                <select id="sort" name="sort" defaultValue={filter.sort}>
                  {SORTS.map((s) => (
                    <option key={s.key} value={s.key}>
                      {s.label}
                    </option>
                  ))}
                </select>
                <button type="submit" className="button button--outlined button--small">
                  Apply
                </button>
              </form>
            </div>
            {!products ? (
              <p className="notice notice--info">Products can't be shown right now. Please try again in a moment.</p>
            ) : products.items.length === 0 ? (
              <div className="empty-state">
                <p>{emptyMessage(filter)}</p>
                <a className="button button--outlined" href={base}>
                  Reset filter
                </a>
              </div>
            ) : (
              <>
                <ProductGrid products={products.items} stock={stock} favourites={favourites} ratings={ratings} />
                <Pager
                  base={base}
                  page={products.page}
                  pageCount={products.pageCount}
                  href={(n) => base + filterQuery(filter, { page: n })}
                />
              </>
            )}
          </div>
        </div>
      </section>
    ),
  });
}
