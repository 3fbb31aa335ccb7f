import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { listFavourites, mergeFavourites } from "../../worker/platform/bag/favourite-store";
import { Browser } from "./support/browser-session";

async function slugs(count: number): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT slug FROM cms_products ORDER BY id LIMIT ?1")
    .bind(count)
    .all<{ slug: string }>();
  return results.map((r) => r.slug);
}

describe("favourites", () => {
  it("toggles with a form post, lists them and counts them in the header", async () => {
    const shopper = new Browser();
    await shopper.get("/catalog/skincare");
    const [a, b] = await slugs(2);
    expect((await shopper.post("/favorites/toggle", { slug: a }, { from: null })).status).toBe(303);
    await shopper.post("/favorites/toggle", { slug: b }, { from: null });
    let html = await (await shopper.get("/favorites")).text();
    expect(html).toContain(`name="slug" value="${a}"`);
    expect(html).toMatch(/Favourites, 2 items/);
    expect(html).toContain('aria-pressed="true"');
    await shopper.post("/favorites/toggle", { slug: a }, { from: null });
    html = await (await shopper.get("/favorites")).text();
    expect(html).toMatch(/Favourites, 1 item/);
  });

  it("answers JSON for scripts and refuses an unknown product or a post from another site", async () => {
    const shopper = new Browser();
    await shopper.get("/catalog/skincare");
    const [a] = await slugs(1);
    const res = await shopper.post(
      "/favorites/toggle",
      { slug: a },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(await res.json()).toMatchObject({ ok: true, favourite: true, count: 1 });
    const unknown = await shopper.post(
      "/favorites/toggle",
      { slug: "no-such-product" },
      { from: null, headers: { Accept: "application/json" } },
    );
    expect(unknown.status).toBe(422);
    expect(
      (await shopper.post("/favorites/toggle", { slug: a }, { from: null, origin: "https://evil.example" })).status,
    ).toBe(403);
  });

  it("keeps one shopper's favourites from another", async () => {
    const one = new Browser();
    await one.get("/catalog/skincare");
    const [a] = await slugs(1);
    await one.post("/favorites/toggle", { slug: a }, { from: null });
    const other = new Browser();
    const html = await (await other.get("/favorites")).text();
    expect(html).toContain("You haven&#x27;t saved anything yet.");
  });

  it("merges a visitor's favourites into the account, without duplicates", async () => {
    const visitor = crypto.randomUUID().replaceAll("-", "");
    const userId = 987654;
    const [a, b] = await slugs(2);
    await env.DB.batch([
      env.DB.prepare("INSERT INTO favourites (owner_kind, owner_id, product_slug) VALUES ('visitor', ?1, ?2)").bind(
        visitor,
        a,
      ),
      env.DB.prepare("INSERT INTO favourites (owner_kind, owner_id, product_slug) VALUES ('visitor', ?1, ?2)").bind(
        visitor,
        b,
      ),
      env.DB.prepare("INSERT INTO favourites (owner_kind, owner_id, product_slug) VALUES ('user', ?1, ?2)").bind(
        String(userId),
        a,
      ),
    ]);
    await mergeFavourites(env.DB, visitor, userId);
    expect((await listFavourites(env.DB, { kind: "user", id: String(userId) })).sort()).toEqual([a, b].sort());
    expect(await listFavourites(env.DB, { kind: "visitor", id: visitor })).toEqual([]);
  });
});
