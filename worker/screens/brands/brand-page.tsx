import type { Context } from "hono";
import CatalogFilterForm from "../../../client/islands/catalog-filter";
import { filterQuery, type ListingScope, readCatalogFilter, scopedFilter } from "../../../shared/catalog-filter";
import { islandTexts } from "../../../shared/i18n/translator";
import { routePath } from "../../../shared/links";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { fileUrl, type PageSite, pageSiteOf, pageUrl } from "../../frame/head/page-site";
import type { Brand } from "../../frame/head/schema-types";
import { textsOf } from "../../frame/i18n/texts";
import { Island } from "../../frame/islands/island";
import { FlashSlot } from "../../frame/personal/flash";
import { listingFilter } from "../../frame/shells/query-string";
import { Breadcrumbs, type Crumb } from "../../frame/ui/breadcrumbs";
import type { AppEnv } from "../../platform/app-env";
import { favouriteSlugs } from "../../platform/bag/favourite-store";
import { type BrandWithLines, getBrand } from "../../platform/cms-client/catalog-records";
import { ListingResults, loadListing, pastTheLastKnown, pastTheLastPage } from "../../shop/listing/product-listing";
import { BrandMark } from "./brand-mark";

/** schema.org Brand: name, logo, url, description. */
function brandJsonLd(site: PageSite, brand: BrandWithLines, path: string): Brand {
  return {
    "@context": "https://schema.org",
    "@type": "Brand",
    name: brand.name,
    url: pageUrl(site, path),
    ...(brand.logo ? { logo: fileUrl(site, brand.logo.url) } : {}),
    ...(brand.description ? { description: brand.description } : {}),
  };
}

/** /brands/{slug}: the brand, its lines, its products with the smart filter, sort and pages; 404 when unknown. */
export async function brandPage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param("slug") ?? "";
  const locale = c.get("locale");
  if (!/^[a-z0-9-]{1,80}$/.test(slug)) return renderNotFound(c);
  const scope: ListingScope = { kind: "brand", slug };
  const filter = scopedFilter(scope, listingFilter(c));
  if (await pastTheLastKnown(c, locale, scope, filter)) return renderNotFound(c, { keep: false });
  const [brand, favourites] = await Promise.all([getBrand(c, locale, slug), favouriteSlugs(c)]);
  if (!brand) return renderNotFound(c);
  const listing = await loadListing(c, locale, scope, filter);
  if (pastTheLastPage(listing, filter)) return renderNotFound(c);
  const base = routePath("brands-slug", { slug });
  const site = pageSiteOf(c);
  const t = textsOf(c);
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.brands, path: routePath("brands") },
    { name: brand.name, path: base },
  ];
  return renderPage(c, {
    title: filter.page > 1 ? t.fill(t.m.pages.numbered, { name: brand.name, n: filter.page }) : brand.name,
    description: brand.description ?? t.fill(t.m.pages.atShop, { name: brand.name }),
    // The CMS gave no products: the listing's notice says so, and the page is a 503 to ask again (decision 0101).
    status: listing.products ? 200 : 503,
    // A brand's logo is a small SVG, no sharing card: the page shares the shop's default card (decision 0105).
    jsonLd: [brandJsonLd(site, brand, base)],
    body: (
      <section className="container page-section">
        <Breadcrumbs items={crumbs} />
        <div className="brand-head">
          <BrandMark brand={brand} size="large" eager />
          <div className="brand-head__text">
            <h1>{brand.name}</h1>
            {brand.description && <p className="muted">{brand.description}</p>}
            {brand.lines.length > 0 && (
              <nav aria-label={t.fill(t.m.pages.productLines, { brand: brand.name })}>
                <ul className="brand-lines">
                  {brand.lines.map((line) => (
                    <li key={line.slug}>
                      <a
                        className="brand-lines__link"
                        href={base + filterQuery(readCatalogFilter({}), { model: [line.slug] }, scope)}
                      >
                        {line.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
          </div>
        </div>
        <FlashSlot />
        <div className="category-layout">
          <Island
            name="catalog-filter"
            component={CatalogFilterForm}
            wake="interaction"
            props={{
              scope,
              brands: [
                {
                  slug: brand.slug,
                  name: brand.name,
                  lines: brand.lines.map((l) => ({ slug: l.slug, name: l.name })),
                },
              ],
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
