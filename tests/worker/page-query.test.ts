import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { fetchWorker } from "./fetch";
import { Browser } from "./support/browser-session";
import { keptPage } from "./support/page-shells";

/**
 * Each page reads only the query parameters its route row names (shared/routes.ts `query`): a
 * kept page's key holds those alone, in one spelling, so a crawler's or a campaign's parameter
 * costs what a kept page costs; a value the page cannot use is a 301 to its one spelling; a page
 * past the last is a 404, never an empty list (decision 0085). Search results are kept like any
 * public page, the shopper's hearts filled in, a search that found nothing counted on every view.
 */
const ANON = { Cookie: `${LOCALE_COOKIE}=en` };

/** A kept answer has the ETag its shell was kept with; a render has none. */
async function etagOf(path: string): Promise<string | null> {
  const res = await fetchWorker(path, { headers: ANON });
  await res.arrayBuffer();
  expect(res.status, path).toBe(200);
  return res.headers.get("etag");
}

describe("the parameters a page does not read", () => {
  it.each([
    ["/catalog/skincare", "?ref=newsletter&fbclid=abc"],
    ["/company", "?x=1&y=2"],
    ["/", "?utm_source=mail&anything=else"],
    ["/blog", "?from=home"],
  ])("%s%s is the kept page of %s", async (path, extra) => {
    const kept = (await keptPage(path, ANON)).headers.get("etag");
    expect(kept).toBeTruthy();
    expect(await etagOf(`${path}${extra}`)).toBe(kept);
  });

  it("keys a listing on its filter in one spelling: order and defaults do not make another page", async () => {
    const kept = (await keptPage("/catalog/skincare?availability=in_stock&sort=price-asc", ANON)).headers.get("etag");
    expect(await etagOf("/catalog/skincare?sort=price-asc&availability=in_stock")).toBe(kept);
    expect(await etagOf("/catalog/skincare?sort=price-asc&availability=in_stock&page=1&cost%5Bmin%5D=")).toBe(kept);
    // A different filter is a different page.
    expect(await etagOf("/catalog/skincare?sort=price-desc&availability=in_stock")).not.toBe(kept);
  });
});

describe("a value the page cannot use", () => {
  it.each([
    ["/catalog/skincare?sort=cheapest&ref=x", "/catalog/skincare?ref=x"],
    ["/catalog/skincare?page=abc", "/catalog/skincare"],
    ["/catalog/skincare?page=0&sort=newest", "/catalog/skincare?sort=newest"],
    ["/catalog/skincare?availability=someday", "/catalog/skincare"],
    ["/catalog/skincare?year=19999", "/catalog/skincare"],
    ["/brands/argan-house?sort=random", "/brands/argan-house"],
    ["/search?q=serum&page=two", "/search?q=serum"],
    ["/blog?page=-1", "/blog"],
    ["/reviews?page=1.5", "/reviews"],
  ])("%s is sent to %s with a 301, before any render", async (from, to) => {
    const res = await fetchWorker(from, { headers: ANON });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(to);
  });
});

describe("a page past the last", () => {
  it.each(["/catalog/skincare?page=400", "/brands/argan-house?page=300", "/search?q=serum&page=90", "/blog?page=700"])(
    "%s is a 404",
    async (path) => {
      const res = await fetchWorker(path, { headers: ANON });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Products (");
    },
  );

  it("keeps answering the first page of an empty listing with 200", async () => {
    const res = await fetchWorker("/catalog/skincare?cost%5Bmax%5D=1", { headers: ANON });
    expect(res.status).toBe(200);
  });
});

describe("search results, kept", () => {
  it("keeps a search like any public page: spaces and extra parameters ask for the same copy", async () => {
    const kept = (await keptPage("/search?q=rose%20serum", ANON)).headers.get("etag");
    expect(kept).toBeTruthy();
    expect(await etagOf("/search?q=%20rose%20%20serum%20&ref=header")).toBe(kept);
    const res = await fetchWorker("/search?q=rose%20serum", { headers: ANON });
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await res.text()).toContain("Results for “rose serum”");
  });

  it("fills each shopper's own hearts into the kept copy and no one else's", async () => {
    const { slug } = (await env.DB.prepare(
      "SELECT slug FROM cms_products WHERE name LIKE '%Serum%' AND availability = 'in_stock' ORDER BY popularity DESC LIMIT 1",
    ).first<{ slug: string }>())!;
    const path = "/search?q=serum";
    await keptPage(path, ANON);
    const fan = new Browser();
    expect((await fan.post("/favorites/toggle", { slug }, { from: path })).status).toBe(303);
    const mine = await (await fan.get(path)).text();
    expect(mine).toMatch(
      new RegExp(`data-favourite="${slug}"[^>]*aria-pressed="true"|aria-pressed="true"[^>]*data-favourite="${slug}"`),
    );
    const stranger = await (await new Browser().get(path)).text();
    expect(stranger).not.toContain('aria-pressed="true"');
    // The kept copy itself holds nobody's hearts.
    expect(await (await fetchWorker(path, { headers: ANON })).text()).not.toContain('aria-pressed="true"');
  });

  it("counts a search that found nothing on every view, kept or rendered, and tells no shopper", async () => {
    const q = `quokka glitter ${crypto.randomUUID().slice(0, 6)}`;
    const path = `/search?q=${encodeURIComponent(q)}`;
    for (let i = 0; i < 3; i++) {
      const res = await fetchWorker(path, { headers: ANON });
      expect(res.headers.get("x-page-search-miss")).toBeNull();
      expect(await res.text()).toContain("Nothing matches");
    }
    expect((await keptPage(path, ANON)).headers.get("x-page-search-miss")).toBeNull();
    const row = await env.DB.prepare("SELECT count FROM search_misses WHERE query = ?1")
      .bind(q)
      .first<{ count: number }>();
    expect(row?.count).toBeGreaterThanOrEqual(4);
  });

  it("is disallowed to crawlers and left out of the sitemap", async () => {
    expect(await (await fetchWorker("/robots.txt")).text()).toContain("Disallow: /search\n");
    expect(await (await fetchWorker("/sitemap.xml")).text()).not.toContain("/search");
  });
});
