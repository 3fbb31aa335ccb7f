import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "../../shared/cookie-names";
import { localizePath } from "../../shared/locale-path";
import { routes } from "../../shared/routes";
import { fetchWorker } from "./fetch";
import { typeRule } from "./support/typed-rule";

/** The seeded records a parameterised row needs, one of each, read from the embedded CMS's tables. */
async function seededParams(): Promise<Record<string, Record<string, string>>> {
  const first = async (sql: string) => {
    const row = await env.DB.prepare(sql).first<Record<string, string>>();
    if (!row) throw new Error(`No seeded row for ${sql}`);
    return row;
  };
  const post = await first(
    `SELECT p.slug AS slug, t.slug AS tag FROM cms_blog_posts p
     JOIN cms_blog_post_tags pt ON pt.post_id = p.id JOIN cms_tags t ON t.id = pt.tag_id
     WHERE p.published_at IS NOT NULL AND p.locale = 'en' ORDER BY p.id LIMIT 1`,
  );
  const product = await first(
    `SELECT p.slug AS slug, c.slug AS category FROM cms_products p JOIN cms_categories c ON c.id = p.category_id
     WHERE p.published_at IS NOT NULL AND p.locale = 'en' ORDER BY p.id LIMIT 1`,
  );
  const brand = await first("SELECT slug FROM cms_brands WHERE locale = 'en' ORDER BY id LIMIT 1");
  const project = await first(
    "SELECT slug FROM cms_projects WHERE published_at IS NOT NULL AND locale = 'en' ORDER BY id LIMIT 1",
  );
  return {
    "/blog/:tag": { tag: post.tag as string },
    "/blog/:tag/:slug": { tag: post.tag as string, slug: post.slug as string },
    "/catalog/:category": { category: product.category as string },
    "/catalog/:category/:slug": { category: product.category as string, slug: product.slug as string },
    "/brands/:slug": { slug: brand.slug as string },
    "/projects/:slug": { slug: project.slug as string },
  };
}

function concrete(pattern: string, params: Record<string, string> = {}): string {
  return pattern.replace(/:([a-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`No value for :${name} in ${pattern}`);
    return value;
  });
}

const AS_ARABIC = { Cookie: `${LOCALE_COOKIE}=ar` };
const AS_ENGLISH = { Cookie: `${LOCALE_COOKIE}=en` };

describe("every page of the route table in Arabic", () => {
  it("answers under /ar as its English page does: the same status, in Arabic, right to left; a redirect stays in Arabic", async () => {
    const params = await seededParams();
    for (const route of routes) {
      const path = concrete(route.path, params[route.path]);
      const arabicPath = localizePath("ar", path);
      const [english, arabic] = await Promise.all([
        fetchWorker(path, { headers: AS_ENGLISH }),
        fetchWorker(arabicPath, { headers: AS_ARABIC }),
      ]);
      const label = `${route.name} (${arabicPath})`;
      expect(arabic.status, label).toBe(english.status);
      expect([200, 302], label).toContain(arabic.status);
      if (arabic.status === 302) {
        const target = english.headers.get("location") ?? "";
        expect(arabic.headers.get("location"), label).toBe(localizePath("ar", target));
        continue;
      }
      const [englishHtml, arabicHtml] = await Promise.all([english.text(), arabic.text()]);
      expect(englishHtml, label).toContain('<html lang="en" dir="ltr"');
      expect(arabicHtml, label).toContain('<html lang="ar" dir="rtl"');
      // Its links stay in Arabic: the home link of the header is /ar, and no link leads to an English page
      // except the language switch.
      expect(arabicHtml, label).toContain('class="logo" href="/ar"');
      const englishLinks = [...arabicHtml.matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>/g)].filter(
        ([tag, href]) => !tag.includes("hrefLang=") && localizePath("ar", href as string) !== href,
      );
      expect(
        englishLinks.map(([, href]) => href),
        label,
      ).toEqual([]);
    }
  }, 60_000);

  it("is a 404 in Arabic for a page that does not exist under /ar", async () => {
    const res = await fetchWorker("/ar/no-such-page", { headers: AS_ARABIC });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain("/ar/no-such-page");
    expect(html).toContain('class="logo" href="/ar"');
  });

  it("is a 404 in Arabic for an unknown product under /ar", async () => {
    const [category] = Object.values((await seededParams())["/catalog/:category"] ?? {});
    const res = await fetchWorker(`/ar/catalog/${category}/no-such-product`, { headers: AS_ARABIC });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html lang="ar" dir="rtl"');
  });

  it("has no Arabic copy of what exists once: the CMS's API, services, files and the staff desk", async () => {
    for (const path of [
      "/ar/graphql",
      "/ar/api/users/me",
      "/ar/builds/latest.json",
      "/ar/robots.txt",
      "/ar/sitemap.xml",
      "/ar/staff",
    ]) {
      const res = await fetchWorker(path, { headers: AS_ARABIC });
      expect(res.status, path).toBe(404);
    }
    const post = await fetchWorker("/ar/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(post.status).toBe(404);
  });

  it("keeps the English prefix-less: /en is no page, /arabic is not Arabic", async () => {
    expect((await fetchWorker("/en/catalog", { headers: AS_ENGLISH })).status).toBe(404);
    const res = await fetchWorker("/arabic", { headers: AS_ENGLISH });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<html lang="en" dir="ltr"');
  });

  it("takes the trailing slash off and the www. away under /ar, staying in Arabic", async () => {
    const slash = await fetchWorker("/ar/catalog/?page=1", { headers: AS_ARABIC });
    expect(slash.status).toBe(301);
    expect(slash.headers.get("location")).toBe("/ar/catalog?page=1");
    const root = await fetchWorker("/ar/", { headers: AS_ARABIC });
    expect(root.status).toBe(301);
    expect(root.headers.get("location")).toBe("/ar");
    const www = await fetchWorker("https://www.shop.example/ar/catalog?x=1", { headers: AS_ARABIC });
    expect(www.status).toBe(301);
    expect(www.headers.get("location")).toBe("https://shop.example/ar/catalog?x=1");
  });

  it("follows a staff redirect rule under /ar to the target in Arabic", async () => {
    await typeRule("/old-arabic-test", "/catalog");
    const res = await fetchWorker("/ar/old-arabic-test", { headers: AS_ARABIC });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/ar/catalog");
  });
});
