import type { Context } from "hono";
import { Icon } from "../../../client/components/icons";
import { matchRoute, routePath } from "../../../shared/links";
import type { OnHand } from "../../../shared/product-stock";
import type { ProductSummary } from "../../../shared/types/catalog";
import type { MenuItem } from "../../../shared/types/cms";
import { renderPage } from "../../frame/document/render-page";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { getMainMenu } from "../../frame/layout/layout-data";
import type { AppEnv } from "../../platform/app-env";
import { favouriteSlugs } from "../../platform/bag/favourite-store";
import { getBrands, getProducts } from "../../platform/cms-client/catalog-records";
import { readListingStock } from "../../platform/stock/listing-stock";
import { ProductGrid } from "../../shop/products/product-grid";
import { cardItem, loadSales, type SaleLookup } from "../../shop/products/sale-view";

/**
 * The catalogue menu's links to whole categories (`/catalog/skincare`, no filter in the query): known
 * by where they lead, not by their group's title, which is written in the page's language ("الأقسام").
 */
export function categoryLinks(catalog: MenuItem | undefined): MenuItem["sublinks"] {
  return (catalog?.sublinks ?? []).filter(
    (l) => !l.path.includes("?") && matchRoute(l.path)?.name === "catalog-category",
  );
}

function CategoryRow({ catalog }: { catalog: MenuItem | undefined }) {
  const categories = categoryLinks(catalog);
  const t = useTexts();
  if (categories.length === 0) return null;
  return (
    <section className="section" aria-labelledby="home-categories">
      <div className="container">
        <p className="eyebrow">{t.m.home.shopByCategory}</p>
        <h2 id="home-categories">{t.m.home.findRoutine}</h2>
        <ul className="category-pills">
          {categories.map((link) => (
            <li key={link.path}>
              <a className="category-pill" href={link.path}>
                <span>{link.title}</span>
                <Icon name="arrow-right" size={16} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ProductShelf({
  id,
  eyebrow,
  title,
  products,
  more,
  favourites,
  stock,
  sales,
}: {
  id: string;
  eyebrow: string;
  title: string;
  products: ProductSummary[];
  more: string;
  favourites: Set<string>;
  stock: OnHand;
  sales: SaleLookup;
}) {
  const t = useTexts();
  if (products.length === 0) return null;
  return (
    <section className="section" aria-labelledby={id}>
      <div className="container">
        <div className="shelf-head">
          <div>
            <p className="eyebrow">{eyebrow}</p>
            <h2 id={id}>{title}</h2>
          </div>
          <a href={more}>{t.m.home.seeAll}</a>
        </div>
        <ProductGrid products={products} stock={stock} sale={(p) => sales(cardItem(p))} favourites={favourites} />
      </div>
    </section>
  );
}

export async function homePage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get("locale");
  const inStock = { availability: { in: ["in_stock", "prepurchase"] } };
  const [mainMenu, bestsellers, arrivals, brands, favourites] = await Promise.all([
    getMainMenu(c, locale),
    getProducts(c, locale, { filters: inStock, sort: ["popularity:desc"], pageSize: 4 }),
    getProducts(c, locale, { filters: inStock, sort: ["publishedAt:desc"], pageSize: 4 }),
    getBrands(c, locale),
    favouriteSlugs(c),
  ]);
  const catalog = mainMenu?.menu.find((item) => item.megaMenu);
  const shown = [...(bestsellers?.items ?? []), ...(arrivals?.items ?? [])];
  // The shelves' stock and sales in one round trip; the kept page knows when a sale on them starts or ends.
  const [stock, sales] = await Promise.all([readListingStock(c.env.DB, shown), loadSales(c, shown)]);
  const t = textsOf(c);
  const h = t.m.home;
  return renderPage(c, {
    title: t.m.site.tagline,
    body: (
      <>
        <section className="hero">
          <div className="container hero__inner">
            <div className="hero__copy">
              <p className="eyebrow">{h.season}</p>
              <h1>{t.m.site.tagline}</h1>
              <p className="hero__lead">{h.lead}</p>
              <div className="hero__actions">
                <a className="button" href={routePath("catalog")}>
                  {h.shopCatalog}
                </a>
                <a
                  className="button button--outlined"
                  href={routePath("contacts", { hash: "consultation" })}
                  data-modal="consultation"
                >
                  {h.askConsultation}
                </a>
              </div>
            </div>
            <div className="hero__art" aria-hidden="true">
              <svg viewBox="0 0 320 260" width="320" height="260">
                <ellipse cx="160" cy="236" rx="140" ry="14" fill="#EADFD3" />
                <rect x="58" y="96" width="76" height="136" rx="18" fill="#F4E9EB" stroke="#9A5663" strokeWidth="2" />
                <rect x="80" y="66" width="32" height="32" rx="6" fill="#E8E1D9" stroke="#9A5663" strokeWidth="2" />
                <rect
                  x="150"
                  y="130"
                  width="110"
                  height="102"
                  rx="26"
                  fill="#FFFFFF"
                  stroke="#5E6E59"
                  strokeWidth="2"
                />
                <rect x="146" y="112" width="118" height="26" rx="10" fill="#DCE3D6" stroke="#5E6E59" strokeWidth="2" />
                <rect x="214" y="40" width="34" height="72" rx="10" fill="#F3ECE4" stroke="#8A5A12" strokeWidth="2" />
                <circle cx="231" cy="30" r="11" fill="#8A5A12" opacity=".8" />
              </svg>
            </div>
          </div>
        </section>
        <section className="promises" aria-label={h.whyUs}>
          <ul className="container promises__list">
            <li>
              <strong>{h.genuine}</strong>
              <span>{h.genuineText}</span>
            </li>
            <li>
              <strong>{h.acrossUae}</strong>
              <span>{h.acrossUaeText}</span>
            </li>
            <li>
              <strong>{h.advice}</strong>
              <span>{h.adviceText}</span>
            </li>
          </ul>
        </section>
        <CategoryRow catalog={catalog} />
        <ProductShelf
          id="home-bestsellers"
          eyebrow={h.lovedHere}
          title={h.bestsellers}
          products={bestsellers?.items ?? []}
          favourites={favourites}
          stock={stock}
          sales={sales}
          more={routePath("catalog")}
        />
        {brands.length > 0 && (
          <section className="section brands-strip" aria-labelledby="home-brands">
            <div className="container">
              <div className="shelf-head">
                <div>
                  <p className="eyebrow">{h.ourHouses}</p>
                  <h2 id="home-brands">{h.brandsWeTrust}</h2>
                </div>
                <a href={routePath("brands")}>{h.allBrands}</a>
              </div>
              <ul className="brand-list">
                {brands.map((b) => (
                  <li key={b.slug}>
                    <a className="brand-list__link" href={routePath("brands-slug", { slug: b.slug })}>
                      <span className="brand-list__name">{b.name}</span>
                      <span className="muted small">{b.description}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        )}
        <ProductShelf
          id="home-new"
          eyebrow={h.justIn}
          title={h.newArrivals}
          products={arrivals?.items ?? []}
          favourites={favourites}
          stock={stock}
          sales={sales}
          more={routePath("catalog-category", { category: "skincare" }, { query: { sort: "newest" } })}
        />
        <section className="section" aria-labelledby="home-consultation">
          <div className="container consultation-cta">
            <div>
              <h2 id="home-consultation">{h.notSure}</h2>
              <p className="muted">{h.advisersAnswer}</p>
            </div>
            <a className="button" href={routePath("contacts", { hash: "consultation" })} data-modal="consultation">
              {h.askConsultation}
            </a>
          </div>
        </section>
      </>
    ),
  });
}
