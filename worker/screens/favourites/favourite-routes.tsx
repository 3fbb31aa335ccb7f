import type { Context } from "hono";
import { Hono } from "hono";
import { routePath } from "../../../shared/links";
import { renderPage } from "../../frame/document/render-page";
import { textsOf } from "../../frame/i18n/texts";
import { FlashMessage, setFlash, takeFlash } from "../../frame/personal/flash";
import type { AppEnv, SignInHook } from "../../platform/app-env";
import { ensureCartOwner, readCartOwner } from "../../platform/bag/cart-owner";
import {
  listFavourites,
  mergeFavourites,
  readToggle,
  toggleFavouriteStatements,
} from "../../platform/bag/favourite-store";
import { type CountRow, countsOf, countsStatement, knownShopperCounts } from "../../platform/bag/shopper-counts";
import { getProductsBySlugs } from "../../platform/cms-client/catalog-records";
import { carriedLimits, carriedRefusal, tooMany } from "../../platform/middleware/route-limits";
import { BROWSING } from "../../platform/routing/limit-presets";
import { type WriteSpec, writes } from "../../platform/routing/route-spec";
import { sameOriginBack } from "../../platform/security/safe-path";
import { readListingStock } from "../../platform/stock/listing-stock";
import { ProductGrid } from "../../shop/products/product-grid";
import { cardItem, loadSales } from "../../shop/products/sale-view";

/** POST /favorites/toggle: a form post (redirect back) or JSON for scripts. */
/** A heart pressed: a form from the shop's pages, at the browsing limits. */
const HEART_PRESS: WriteSpec = {
  body: "form",
  limits: BROWSING,
  csrf: "origin-checked",
  session: "resume",
  personal: true,
};

export const favouriteActions = new Hono<AppEnv>();
favouriteActions.post("/toggle", writes(HEART_PRESS), async (c) => {
  const body = await c.req.parseBody();
  const slug = typeof body.slug === "string" ? body.slug : "";
  const json = (c.req.header("accept") ?? "").includes("application/json");
  const t = textsOf(c);
  const found = /^[a-z0-9-]{1,120}$/.test(slug) ? await getProductsBySlugs(c, c.get("locale"), [slug]) : [];
  // The CMS gave no answer: the product is not known to be gone, and nothing is changed (decision 0101).
  if (found === null) {
    if (json) return c.json({ ok: false, message: t.m.favourites.notSaved }, 503);
    setFlash(c, { kind: "error", text: t.m.favourites.notSaved });
    return c.redirect(sameOriginBack(c.req.header("referer"), c.req.url, routePath("favorites")), 303);
  }
  if (found.length === 0) {
    return json ? c.json({ ok: false, message: t.m.favourites.gone }, 422) : c.redirect(routePath("favorites"), 303);
  }
  const owner = await ensureCartOwner(c);
  // One round trip: the route's limits, the toggle and the counts for the answer (docs/decisions/0100).
  const limits = carriedLimits(c);
  let results: D1Result[];
  try {
    results = await c.env.DB.batch([
      ...limits,
      ...toggleFavouriteStatements(c.env.DB, owner, slug),
      countsStatement(c.env.DB, owner),
    ]);
  } catch (error) {
    const refused = carriedRefusal(c, error);
    if (refused) return tooMany(c, refused);
    throw error;
  }
  const favourite = readToggle(results.slice(limits.length));
  // The same counts fill the visitor's counts cookie afterwards (frame/personal/visitor-counts.ts).
  const counts = countsOf(results.at(-1)!.results as CountRow[]);
  knownShopperCounts(c, owner, counts);
  const message = favourite ? t.m.favourites.saved : t.m.favourites.removed;
  if (json) return c.json({ ok: true, favourite, message, count: counts.favourites.length });
  setFlash(c, { kind: "success", text: message });
  // A Referer that is not a URL (`Referer: x`) or another site's page: back to the list.
  return c.redirect(sameOriginBack(c.req.header("referer"), c.req.url, routePath("favorites")), 303);
});

/** /favorites: the saved products with add to bag and remove. */
export async function favouritesPage(c: Context<AppEnv>): Promise<Response> {
  const owner = await readCartOwner(c);
  const slugs = owner ? await listFavourites(c.env.DB, owner) : [];
  const found = await getProductsBySlugs(c, c.get("locale"), slugs);
  const products = found ?? [];
  const order = new Map(slugs.map((s, i) => [s, i]));
  products.sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
  const [stock, sales] = await Promise.all([readListingStock(c.env.DB, products), loadSales(c, products)]);
  const t = textsOf(c);
  return renderPage(c, {
    title: t.m.favourites.title,
    description: t.m.favourites.description,
    // The CMS gave no answer: the saved products are not shown, nor said to be none (decision 0101).
    status: found === null ? 503 : 200,
    body: (
      <section className="container page-section">
        <h1>{t.m.favourites.title}</h1>
        <FlashMessage flash={takeFlash(c)} />
        {found === null ? (
          <p className="notice notice--info">{t.m.favourites.catalogueDown}</p>
        ) : products.length === 0 ? (
          <div className="empty-state">
            <p>{t.m.favourites.empty}</p>
            <a className="button" href={routePath("catalog")}>
              {t.m.favourites.browseCatalog}
            </a>
          </div>
        ) : (
          <ProductGrid products={products} stock={stock} sale={(p) => sales(cardItem(p))} favourites={new Set(slugs)} />
        )}
      </section>
    ),
  });
}

/** Sign-in hook: the visitor's favourites move into the account. */
export const mergeFavouritesOnSignIn: SignInHook = async (c, user, visitorId) => {
  if (visitorId) await mergeFavourites(c.env.DB, visitorId, user.id);
};
