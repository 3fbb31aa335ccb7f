import type { Context } from "hono";
import CatalogFilterForm from "../../../client/islands/catalog-filter";
import type { ListingScope } from "../../../shared/catalog-filter";
import { islandTexts } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import { FlashSlot } from "../../frame/personal/flash";
import { listingFilter } from "../../frame/shells/query-string";
import { Breadcrumbs } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { favouriteSlugs } from "../../platform/bag/favourite-store";
import { getBrands, getCategory } from "../../platform/cms-client/catalog-records";
import { brandsOffered, brandsPresent } from "../../shop/listing/brand-facet";
import { ListingResults, loadListing, pastTheLastKnown, pastTheLastPage } from "../../shop/listing/product-listing";

/** /catalog/{category}: the smart filter, sort, products and pages; 404 for an unknown category. */
export async function categoryPage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param("category") ?? "";
  const locale = c.get("locale");
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return renderNotFound(c);
  const scope: ListingScope = { kind: "category", slug };
  const filter = listingFilter(c);
  if (await pastTheLastKnown(c, locale, scope, filter)) return renderNotFound(c, { keep: false });
  const [category, allBrands, present, favourites] = await Promise.all([
    getCategory(c, locale, slug),
    getBrands(c, locale),
    brandsPresent(c, locale, scope),
    favouriteSlugs(c),
  ]);
  const brands = brandsOffered(allBrands, present, filter);
  if (!category) return renderNotFound(c);
  const listing = await loadListing(c, locale, scope, filter);
  if (pastTheLastPage(listing, filter)) return renderNotFound(c);
  const base = routePath("catalog-category", { category: slug });
  const t = textsOf(c);
  return renderPage(c, {
    title: filter.page > 1 ? t.fill(t.m.pages.numbered, { name: category.name, n: filter.page }) : category.name,
    description: category.description ?? t.fill(t.m.pages.atShop, { name: category.name }),
    // The CMS gave no products: the listing's notice says so, and the page is a 503 to ask again (decision 0101).
    status: listing.products ? 200 : 503,
    body: (
      <section className="container page-section">
        <Breadcrumbs
          items={[
            { name: t.m.crumbs.home, path: "/" },
            { name: t.m.crumbs.catalog, path: routePath("catalog") },
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
              scope,
              brands: brands.map((b) => ({
                slug: b.slug,
                name: b.name,
                lines: b.lines.map((l) => ({ slug: l.slug, name: l.name })),
              })),
              filter,
              ...islandTexts(t, "catalogFilter"),
            }}
          />
          <ListingResults scope={scope} filter={filter} listing={listing} favourites={favourites} />
        </div>
      </section>
    ),
  });
}
