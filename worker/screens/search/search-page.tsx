import type { Context } from "hono";
import { leftOutWords, readSearchQuery, SEARCH_WORD_MAX_BYTES } from "../../../shared/search-query";
import type { AppEnv } from "../../platform/app-env";
import { getProducts, searchFilters } from "../../platform/cms-client/catalog-records";
import { getBlogPosts } from "../../platform/cms-client/content-records";
import { renderPage } from "../../platform/page/render-page";
import { favouriteSlugs } from "../../platform/stores/favourite-store";
import { readListingStock } from "../../platform/stores/listing-stock";
import { Pager } from "../../platform/ui/pager";
import { PostGrid } from "../../platform/ui/post-card";
import { ProductGrid } from "../../platform/ui/product-grid";

const PAGE_SIZE = 12;

/** /search?q=: products first (name, brand, line, description), then blog posts, each with a count. */
export async function searchPage(c: Context<AppEnv>): Promise<Response> {
  const q = readSearchQuery(c.req.query("q"));
  const leftOut = leftOutWords(c.req.query("q"));
  const pageNumber = Number(c.req.query("page") ?? 1);
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 && pageNumber <= 100 ? pageNumber : 1;
  const locale = c.get("locale");
  const favourites = await favouriteSlugs(c);
  const [products, posts] = q
    ? await Promise.all([
        getProducts(c, locale, { filters: searchFilters(q), sort: ["popularity:desc"], page, pageSize: PAGE_SIZE }),
        page === 1 ? getBlogPosts(c, locale, { search: q, pageSize: 6 }) : Promise.resolve(null),
      ])
    : [null, null];
  const stock = await readListingStock(c.env.DB, products?.items ?? []);
  const nothing = q && products && products.total === 0 && (!posts || posts.total === 0);
  return renderPage(c, {
    title: q ? `Search: ${q}` : "Search",
    description: "Search Noor Beauty's products and articles.",
    searchQuery: q,
    body: (
      <section className="container page-section">
        <h1>{q ? `Results for “${q}”` : "Search"}</h1>
        <form method="get" action="/search" role="search" className="search-page-form">
          <label htmlFor="search-page-q">Search products and articles</label>
          <div className="search-page-form__row">
            <input id="search-page-q" name="q" type="search" defaultValue={q} />
            <button type="submit" className="button">
              Search
            </button>
          </div>
        </form>
        {leftOut.length > 0 && (
          <p className="notice notice--info">
            {`“${leftOut[0]!.slice(0, 60)}${leftOut[0]!.length > 60 ? "…" : ""}” is too long to search for (at most ${SEARCH_WORD_MAX_BYTES} letters a word), so we left it out.`}
          </p>
        )}
        {!q && <p className="muted">Type a product, a brand or an ingredient, for example “rose serum”.</p>}
        {nothing && (
          <div className="empty-state">
            <p>Nothing matches “{q}”. Try fewer or different words, or browse the catalog.</p>
            <a className="button" href="/catalog">
              Browse the catalog
            </a>
          </div>
        )}
        {q && !products && (
          <p className="notice notice--info">Search is not available right now. Please try again in a moment.</p>
        )}
        {products && products.total > 0 && (
          <section aria-labelledby="search-products" className="search-results">
            <h2 id="search-products">{`Products (${products.total})`}</h2>
            <ProductGrid products={products.items} stock={stock} favourites={favourites} />
            <Pager base="/search" query={{ q }} page={products.page} pageCount={products.pageCount} />
          </section>
        )}
        {posts && posts.total > 0 && (
          <section aria-labelledby="search-posts" className="search-results">
            <h2 id="search-posts">{`Articles (${posts.total})`}</h2>
            <PostGrid posts={posts.items} />
          </section>
        )}
      </section>
    ),
  });
}
