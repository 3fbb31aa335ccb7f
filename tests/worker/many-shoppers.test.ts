import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { CACHED_MODELS, cacheKey } from "../../worker/platform/caches/kv-records";
import { bumpContentVersion } from "../../worker/platform/caches/versions";
import { register, sessionCookieHeader } from "./support/auth-api";

/**
 * One isolate serves many requests at once. Nothing one request made may be
 * awaited by another (its I/O would run in the wrong request's context), so
 * fire a crowd across every cache expiring at once and check each page whole.
 */
interface Visit {
  path: string;
  /** Text only this page has. */
  marker: string;
  cookie?: string;
}

async function product(): Promise<{ path: string; name: string }> {
  const row = await env.DB.prepare(
    "SELECT p.slug, p.name, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id WHERE p.availability = 'in_stock' LIMIT 1",
  ).first<{ slug: string; name: string; category: string }>();
  return { path: `/catalog/${row!.category}/${row!.slug}`, name: row!.name };
}

afterEach(() => vi.restoreAllMocks());

describe("many shoppers at once", () => {
  it("answers 60 concurrent requests over several pages whole, across cache expiry, logging no error", async () => {
    const errors = vi.spyOn(console, "error");
    const item = await product();
    const shopper = await register();
    const signedIn = `${LOCALE_COOKIE}=en; ${await sessionCookieHeader(shopper)}`;
    const pages: Visit[] = [
      { path: "/", marker: "Brands we trust" },
      { path: "/catalog/skincare", marker: "<h1>Skincare</h1>" },
      { path: item.path, marker: item.name },
      { path: "/blog/skincare/summer-skincare-routine-uae", marker: "A summer skincare routine for the UAE" },
      { path: "/company", marker: "<h1" },
      { path: "/search?q=serum", marker: "Search: serum" },
      { path: "/catalog/skincare", marker: `Account of ${shopper.username}`, cookie: signedIn },
      { path: "/user", marker: shopper.email, cookie: signedIn },
    ];
    // Every cache expires at once: a new content version (records, shells), stale layout records in KV
    // (refreshed in the background), redirect rules re-read on every request (REDIRECT_CACHE_SECONDS=0 in tests),
    // and a session user nobody has looked up yet.
    await bumpContentVersion(env.CMS_CACHE);
    for (const model of CACHED_MODELS) {
      const entry = await env.CMS_CACHE.get<{ value: unknown }>(cacheKey(model, "en"), "json");
      if (entry) await env.CMS_CACHE.put(cacheKey(model, "en"), JSON.stringify({ storedAt: 0, value: entry.value }));
    }
    const visits = Array.from({ length: 60 }, (_, i) => pages[i % pages.length]);
    const answers = await Promise.all(
      visits.map(async (visit) => {
        // Through SELF: each call is a request of its own, with its own I/O context, as at the edge.
        const res = await SELF.fetch(`https://shop.example${visit.path}`, {
          headers: { Cookie: visit.cookie ?? `${LOCALE_COOKIE}=en` },
          redirect: "manual",
        });
        return { visit, status: res.status, html: await res.text() };
      }),
    );
    for (const { visit, status, html } of answers) {
      expect(status, visit.path).toBe(200);
      expect(html, visit.path).toContain('<header class="site-header">');
      expect(html, visit.path).toContain('<footer class="site-footer">');
      expect(html, visit.path).toContain("+971 4 330 2188");
      expect(html, visit.path).toContain(visit.marker);
    }
    expect(errors).not.toHaveBeenCalled();
    // 60 renders at once take ~3 s here alone and longer on a busy machine: the limit only catches a hang.
  }, 60_000);
});
