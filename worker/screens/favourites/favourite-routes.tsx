import type { Context } from "hono";
import { Hono } from "hono";
import type { AppEnv } from "../../platform/app-env";
import { getProductsBySlugs } from "../../platform/cms-client/catalog-records";
import { FlashMessage, setFlash, takeFlash } from "../../platform/render/flash";
import { renderPage } from "../../platform/render/render-page";
import { sameOriginBack } from "../../platform/security/safe-path";
import type { SignInHook } from "../../platform/session/sign-in-hooks";
import { ensureCartOwner, readCartOwner } from "../../platform/stores/cart-owner";
import {
  countFavourites,
  listFavourites,
  mergeFavourites,
  toggleFavourite,
} from "../../platform/stores/favourite-store";
import { ProductGrid } from "../catalog/category-page";

/** POST /favorites/toggle: a form post (redirect back) or JSON for scripts. */
export const favouriteActions = new Hono<AppEnv>();
favouriteActions.post("/toggle", async (c) => {
  const body = await c.req.parseBody();
  const slug = typeof body.slug === "string" ? body.slug : "";
  const json = (c.req.header("accept") ?? "").includes("application/json");
  if (!/^[a-z0-9-]{1,120}$/.test(slug) || (await getProductsBySlugs(c, c.get("locale"), [slug])).length === 0) {
    return json
      ? c.json({ ok: false, message: "This product is no longer in our catalogue." }, 422)
      : c.redirect("/favorites", 303);
  }
  const owner = await ensureCartOwner(c);
  const favourite = await toggleFavourite(c.env.DB, owner, slug);
  const message = favourite ? "Saved to your favourites." : "Removed from your favourites.";
  if (json) return c.json({ ok: true, favourite, message, count: await countFavourites(c.env.DB, owner) });
  setFlash(c, { kind: "success", text: message });
  // A Referer that is not a URL (`Referer: x`) or another site's page: back to the list.
  return c.redirect(sameOriginBack(c.req.header("referer"), c.req.url, "/favorites"), 303);
});

/** The heart: a small form that works without JavaScript. */
export function FavouriteToggle({ slug, name, active }: { slug: string; name: string; active: boolean }) {
  return (
    <form method="post" action="/favorites/toggle" className="favourite-toggle">
      <input type="hidden" name="slug" value={slug} />
      {/* data-favourite: a shared page shell renders every heart empty; the edge presses the shopper's (worker/platform/page-shells). */}
      <button type="submit" className="icon-button" aria-pressed={active} data-favourite={slug}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
            fill={active ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.6"
            data-favourite={slug}
          />
        </svg>
        <span className="visually-hidden" data-favourite={slug} data-label-on={`Remove ${name} from favourites`}>
          {active ? `Remove ${name} from favourites` : `Save ${name} to favourites`}
        </span>
      </button>
    </form>
  );
}

/** The shopper's favourite slugs, for drawing hearts; no query for a visitor without an id. */
export async function favouriteSlugs(c: Context<AppEnv>): Promise<Set<string>> {
  const owner = await readCartOwner(c);
  return new Set(owner ? await listFavourites(c.env.DB, owner) : []);
}

/** /favorites: the saved products with add to bag and remove. */
export async function favouritesPage(c: Context<AppEnv>): Promise<Response> {
  const owner = await readCartOwner(c);
  const slugs = owner ? await listFavourites(c.env.DB, owner) : [];
  const products = await getProductsBySlugs(c, c.get("locale"), slugs);
  const order = new Map(slugs.map((s, i) => [s, i]));
  products.sort((a, b) => (order.get(a.slug) ?? 0) - (order.get(b.slug) ?? 0));
  return renderPage(c, {
    title: "Favourites",
    description: "Products you saved at Noor Beauty.",
    body: (
      <section className="container page-section">
        <h1>Favourites</h1>
        <FlashMessage flash={takeFlash(c)} />
        {products.length === 0 ? (
          <div className="empty-state">
            <p>You haven't saved anything yet. Tap the heart on a product to keep it here.</p>
            <a className="button" href="/catalog">
              Browse the catalog
            </a>
          </div>
        ) : (
          <ProductGrid products={products} favourites={new Set(slugs)} />
        )}
      </section>
    ),
  });
}

/** Sign-in hook: the visitor's favourites move into the account. */
export const mergeFavouritesOnSignIn: SignInHook = async (c, user, visitorId) => {
  if (visitorId) await mergeFavourites(c.env.DB, visitorId, user.id);
};
