import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import { buyableFirst } from "../../../shared/product-stock";
import { leftOutWords, readSearchQuery, SEARCH_WORD_MAX_BYTES } from "../../../shared/search-query";
import type { ProductSummary } from "../../../shared/types/catalog";
import { renderNotFound } from "../../frame/document/not-found";
import { HTML_HEADERS, type PathHoles, renderPage } from "../../frame/document/render-page";
import { Rich, textsOf } from "../../frame/i18n/texts";
import { SEARCH_MISS_HEADER } from "../../frame/shells/shell-store";
import type { AppEnv } from "../../platform/app-env";
import { favouriteSlugs } from "../../platform/bag/favourite-store";
import { everyPageTags, noteTags, SEARCH_TAG } from "../../platform/caches/page-tags";
import { tagVersions } from "../../platform/caches/versions";
import { getProducts, getProductsBySlugs } from "../../platform/cms-client/catalog-records";
import { POSTS_VERSIONS, searchBlogPosts } from "../../platform/cms-client/post-search";
import { findProducts } from "../../platform/search/find-products";
import { INDEX_VERSIONS } from "../../platform/search/search-vocabulary";
import { readListingStock } from "../../platform/stock/listing-stock";
import { PostGrid } from "../../shop/content/post-card";
import { Pager } from "../../shop/listing/pager";
import { ProductGrid } from "../../shop/products/product-grid";
import { cardItem, loadSales } from "../../shop/products/sale-view";

const PAGE_SIZE = 12;
const POPULAR = 4;

/**
 * The cards for the index's slugs, from the CMS (through the record cache), in the index's order;
 * null when the CMS failed to give any.
 */
async function productCards(c: Context<AppEnv>, slugs: string[]): Promise<ProductSummary[] | null> {
  const cards = await getProductsBySlugs(c, c.get("locale"), slugs);
  if (cards === null) return null;
  const bySlug = new Map(cards.map((p) => [p.slug, p]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

function searchHref(q: string): string {
  return routePath("search", { query: { q } });
}

/** /search?q=: products from the search index first, then blog posts, each with a count. */
export async function searchPage(c: Context<AppEnv>): Promise<Response> {
  const q = readSearchQuery(c.req.query("q"));
  const leftOut = leftOutWords(c.req.query("q"));
  const pageNumber = Number(c.req.query("page") ?? 1);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100 ? pageNumber : 1;
  const locale = c.get("locale");
  const favourites = await favouriteSlugs(c);
  // What decides the page: the index's answer and the posts found, both held in the isolate under
  // versions read here in one KV read. The cards, popular products and stock they show are read by the
  // render alone, so a page filled from a frame (below) reads none of them.
  if (q) await tagVersions(c, [...INDEX_VERSIONS, ...POSTS_VERSIONS, ...everyPageTags(c)]);
  const [found, posts] = q
    ? await Promise.all([
        findProducts(c, q, page, PAGE_SIZE),
        page === 1 ? searchBlogPosts(c, locale, q, 6) : Promise.resolve(null),
      ])
    : [null, null];
  // The page shows what the index answers: it is made again when the index changes.
  if (found) noteTags(c, [SEARCH_TAG]);
  const pageCount = found ? Math.ceil(found.total / PAGE_SIZE) : 0;
  // A page past the last is no page: 404, never an empty list.
  if (found && page > Math.max(1, pageCount)) return renderNotFound(c);
  const noProducts = found?.total === 0;
  // Counted on every view of this page, kept or rendered (frame/routing/route-middleware.ts).
  if (noProducts) c.header(SEARCH_MISS_HEADER, encodeURIComponent(found.normalised));
  const nothing = q && noProducts && (!posts || posts.total === 0);
  const corrected = found?.correctedQuery ?? null;
  const t = textsOf(c);
  const s = t.m.search;
  const pageFor = async (q: string, pathHoles?: PathHoles) => {
    const items = found && (await productCards(c, found.slugs));
    const products = items ? { items, total: found.total, pageCount } : null;
    const popular = noProducts
      ? await getProducts(c, locale, { sort: ["popularity:desc", "id:asc"], pageSize: POPULAR })
      : null;
    // Sales as on the catalogue's cards (decision 0120), read beside the stock: the page (or its frame)
    // notes the tags of what it shows and the next start or end of a sale on it.
    const shown = [...(items ?? []), ...(popular?.items ?? [])];
    const [stock, sales] = await Promise.all([readListingStock(c.env.DB, shown), loadSales(c, shown)]);
    const sale = (p: ProductSummary) => sales(cardItem(p));
    return renderPage(c, {
      // Search down is not a page to keep: the next shopper asks again.
      status: q && !products ? 503 : 200,
      title: q ? t.fill(s.titleFor, { q }) : s.title,
      description: s.description,
      searchQuery: q,
      pathHoles,
      body: (
        <section className="container page-section">
          <h1>{q ? t.fill(s.resultsFor, { q }) : s.title}</h1>
          <form
            method="get"
            action={routePath("search")}
            // Named apart from the header's quick search: a page has two search landmarks here.
            role="search"
            aria-label={s.title}
            className="search-page-form"
          >
            <label htmlFor="search-page-q">{s.label}</label>
            <div className="search-page-form__row">
              <input id="search-page-q" name="q" type="search" defaultValue={q} />
              <button type="submit" className="button">
                {s.button}
              </button>
            </div>
          </form>
          {leftOut.length > 0 && (
            <p className="notice notice--info">
              {t.fill(s.tooLong, {
                word: `${leftOut[0]!.slice(0, 60)}${leftOut[0]!.length > 60 ? "…" : ""}`,
                max: String(SEARCH_WORD_MAX_BYTES),
              })}
            </p>
          )}
          {!q && <p className="muted">{s.hint}</p>}
          {corrected && (
            <p className="notice notice--info search-correction">
              <Rich
                text={s.didYouMean}
                parts={{ link: <a href={searchHref(corrected)}>{corrected}</a>, q, corrected }}
              />
            </p>
          )}
          {nothing && (
            <div className="empty-state">
              <p>
                <Rich text={s.nothing} parts={{ q }} />
              </p>
              <a className="button" href={routePath("catalog")}>
                {s.browseCatalog}
              </a>
            </div>
          )}
          {q && !products && <p className="notice notice--info">{s.unavailable}</p>}
          {products && products.total > 0 && (
            <section aria-labelledby="search-products" className="search-results">
              <h2 id="search-products">{t.fill(s.products, { count: String(products.total) })}</h2>
              <ProductGrid products={products.items} stock={stock} favourites={favourites} sale={sale} />
              <Pager base={routePath("search")} query={{ q }} page={page} pageCount={products.pageCount} />
            </section>
          )}
          {posts && posts.total > 0 && (
            <section aria-labelledby="search-posts" className="search-results">
              <h2 id="search-posts">{t.fill(s.articles, { count: String(posts.total) })}</h2>
              <PostGrid posts={posts.items} level={3} />
            </section>
          )}
          {popular && popular.items.length > 0 && (
            <section aria-labelledby="search-popular" className="search-results">
              <h2 id="search-popular">{s.popular}</h2>
              <ProductGrid
                products={buyableFirst(popular.items, stock)}
                stock={stock}
                favourites={favourites}
                sale={sale}
              />
            </section>
          )}
        </section>
      ),
    });
  };
  // Words nobody searched before mostly find what others found: the page is filled from the frame of its
  // results when one fits (frame/shells/search-frame.ts), not rendered. Not a corrected query (the
  // correction repeats the words), nor one with words left out.
  const framed =
    q && found && !corrected && leftOut.length === 0
      ? await c.get("keeping")?.searchFrame(
          JSON.stringify({
            page,
            products: [found.slugs, found.total],
            posts: posts && [posts.items.map((p) => p.slug), posts.total],
            popular: noProducts,
          }),
          q,
          page,
          pageFor,
        )
      : null;
  return framed == null ? pageFor(q) : c.body(framed, 200, HTML_HEADERS);
}
