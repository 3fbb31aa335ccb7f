import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";
import { keptPage, refreshedPage } from "./support/page-shells";

/*
 * Decision 0086: a change to one entry refreshes the kept pages that show it,
 * and no others. Each kept page remembers the tags of what it showed; the webhook moves on the
 * tags of the entry it names.
 */

const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

function webhook(event: string, model: string, entry: Record<string, unknown>): Promise<Response> {
  return fetchWorker("/api/cms/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
    body: JSON.stringify({ event, model, entry }),
  });
}

interface SeededProduct {
  id: number;
  slug: string;
  price: number;
  category: string;
  categoryId: number;
  brandId: number;
  lineId: number | null;
}

/** Two products in stock that share no category, brand or line, so neither's page shows the other. */
async function twoApart(): Promise<[SeededProduct, SeededProduct]> {
  const { results } = await env.DB.prepare(
    `SELECT p.id, p.slug, p.price, c.slug AS category, p.category_id AS categoryId, p.brand_id AS brandId, p.line_id AS lineId
       FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
      WHERE p.availability = 'in_stock' ORDER BY p.popularity DESC`,
  ).all<SeededProduct>();
  for (const a of results) {
    const b = results.find(
      (other) =>
        other.categoryId !== a.categoryId &&
        other.brandId !== a.brandId &&
        (a.lineId === null || other.lineId !== a.lineId),
    );
    if (b) return [a, b];
  }
  throw new Error("The seed has no two products apart");
}

/** A blog post's page, at the address its links use. */
async function blogPostPath(): Promise<string> {
  const post = await env.DB.prepare(
    `SELECT p.slug, t.slug AS tag FROM cms_blog_posts p
       JOIN cms_blog_post_tags pt ON pt.post_id = p.id JOIN cms_tags t ON t.id = pt.tag_id
      ORDER BY p.id, t.id LIMIT 1`,
  ).first<{ slug: string; tag: string }>();
  if (!post) throw new Error("The seed has no blog post with a tag");
  const path = `/blog/${post.tag}/${post.slug}`;
  const res = await fetchWorker(path, { headers: ANON });
  await res.arrayBuffer();
  return res.status === 301 ? new URL(res.headers.get("location") ?? "", "https://shop.example").pathname : path;
}

/** How each page is answered now, by one anonymous view. */
async function states(paths: readonly string[]): Promise<Record<string, string | null>> {
  const seen: Record<string, string | null> = {};
  for (const path of paths) {
    const res = await fetchWorker(path, { headers: ANON });
    await res.arrayBuffer();
    seen[path] = res.headers.get("x-page-shell");
  }
  return seen;
}

describe("a change refreshes the pages that show it", () => {
  it("one product's new price: its page, its category, brand and line lists and the home page; not another product's page, listing or a blog post", async () => {
    const [changed, other] = await twoApart();
    const pages = {
      product: `/catalog/${changed.category}/${changed.slug}`,
      listing: `/catalog/${changed.category}`,
      home: "/",
      otherProduct: `/catalog/${other.category}/${other.slug}`,
      otherListing: `/catalog/${other.category}`,
      post: await blogPostPath(),
    };
    for (const path of Object.values(pages)) await keptPage(path, ANON);

    const price = changed.price + 7;
    await env.DB.prepare("UPDATE cms_products SET price = ?2 WHERE id = ?1").bind(changed.id, price).run();
    try {
      const res = await webhook("entry.update", "product", { id: changed.id, slug: changed.slug, price, locale: "en" });
      expect(res.status).toBe(200);

      const seen = await states(Object.values(pages));
      expect(seen).toEqual({
        [pages.product]: "stale",
        [pages.listing]: "stale",
        [pages.home]: "stale",
        [pages.otherProduct]: "hit",
        [pages.otherListing]: "hit",
        [pages.post]: "hit",
      });
      // Once made again, the page shows the new price (its records were asked anew, not read from KV).
      const renewed = await (await refreshedPage(pages.product, ANON)).text();
      expect(renewed).toContain(`"price":"${price.toFixed(2)}"`);
    } finally {
      await env.DB.prepare("UPDATE cms_products SET price = ?2 WHERE id = ?1").bind(changed.id, changed.price).run();
      await webhook("entry.update", "product", { id: changed.id, slug: changed.slug, locale: "en" });
    }
  });

  it("a menu change refreshes every page of its locale, and one in Arabic none of the English pages", async () => {
    const [product] = await twoApart();
    const pages = [`/catalog/${product.category}/${product.slug}`, await blogPostPath(), "/delivery"];
    for (const path of pages) await keptPage(path, ANON);

    expect((await webhook("entry.update", "menu", { id: 1, locale: "ar" })).status).toBe(200);
    expect(Object.values(await states(pages))).toEqual(["hit", "hit", "hit"]);

    expect((await webhook("entry.update", "menu", { id: 1, locale: "en" })).status).toBe(200);
    expect(Object.values(await states(pages))).toEqual(["stale", "stale", "stale"]);
  });

  it("a kept 404 is asked anew when an entry with its slug is created, and another kept 404 stays", async () => {
    const [product] = await twoApart();
    const [asked, unrelated] = [1, 2].map((n) => `no-such-product-${n}-${crypto.randomUUID().slice(0, 8)}`) as [
      string,
      string,
    ];
    const paths = [asked, unrelated].map((slug) => `/catalog/${product.category}/${slug}`);
    for (const path of paths) {
      await (await fetchWorker(path, { headers: ANON })).arrayBuffer();
      // Kept: asked again, a hit.
      await keptNotFound(path);
    }
    expect((await webhook("entry.create", "product", { id: 999_999, slug: asked, locale: "en" })).status).toBe(200);
    expect(Object.values(await states(paths))).toEqual(["stale", "hit"]);
  });
});

/** A 404 once it answers from its kept copy (kept in the background after the first view). */
async function keptNotFound(path: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await fetchWorker(path, { headers: ANON });
    await res.arrayBuffer();
    expect(res.status).toBe(404);
    if (res.headers.get("x-page-shell") === "hit") return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The not-found page ${path} was never kept`);
}
