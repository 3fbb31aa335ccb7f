import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

/**
 * The search page's articles come from the locale's posts held in the isolate
 * (cms-client/post-search.ts), searched as the CMS's own filter searches: every word in the title,
 * the excerpt or the content, any case, newest first. Checked here against the CMS's filter itself.
 */

/** The CMS's answer: the titles of the posts with every word, newest first, and how many. */
async function cmsPosts(words: string[], locale = "en"): Promise<{ titles: string[]; total: number }> {
  const res = await fetchWorker("/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      query: `query ($locale: I18NLocaleCode, $filters: BlogPostFiltersInput) {
        blogPosts(locale: $locale, filters: $filters, sort: ["publishedAt:desc"], pagination: { pageSize: 6 }) {
          data { attributes { title } } meta { pagination { total } } } }`,
      variables: {
        locale,
        filters: {
          and: words.map((word) => ({
            or: [{ title: { containsi: word } }, { excerpt: { containsi: word } }, { content: { containsi: word } }],
          })),
        },
      },
    }),
  });
  const body = (await res.json()) as {
    data: { blogPosts: { data: { attributes: { title: string } }[]; meta: { pagination: { total: number } } } };
  };
  return {
    titles: body.data.blogPosts.data.map((e) => e.attributes.title),
    total: body.data.blogPosts.meta.pagination.total,
  };
}

/** The search page's articles: titles in the order shown, and the count in the heading (0 when none). */
async function pagePosts(q: string, prefix = ""): Promise<{ titles: string[]; total: number }> {
  const res = await fetchWorker(`${prefix}/search?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  const html = await res.text();
  const section = html.split('id="search-posts"')[1]?.split("</section>")[0] ?? "";
  const total = Number(/\((\d+)\)/.exec(section)?.[1] ?? 0);
  const titles = [...section.matchAll(/<h3 class="post-card__title"><a[^>]*>([^<]+)<\/a>/g)].map((m) =>
    m[1]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"),
  );
  return { titles, total };
}

describe("the search page's articles", () => {
  it("are the posts the CMS's filter finds, in its order, for words in titles, excerpts and content", async () => {
    const queries = [
      "serum",
      "SUMMER",
      "skin routine",
      "ascorbic",
      "l-ascorbic",
      "uae",
      "the",
      "45",
      "zzqx",
      "vitamin serum",
    ];
    let found = 0;
    for (const q of queries) {
      const shown = await pagePosts(q);
      expect(shown, q).toEqual(await cmsPosts(q.split(" ")));
      found += shown.total;
    }
    expect(found).toBeGreaterThan(10);
  });

  it("show a post's change on the next search, after the CMS's webhook", async () => {
    expect((await pagePosts("moonflower")).total).toBe(0);
    await env.DB.prepare("UPDATE cms_blog_posts SET excerpt = excerpt || ' With moonflower.' WHERE id = 2").run();
    const webhook = await fetchWorker("/api/cms/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "test-webhook-secret-0123456789abcdef" },
      body: JSON.stringify({ event: "entry.update", model: "blog-post", entry: { id: 2, locale: "en" } }),
    });
    expect(webhook.status).toBe(200);
    const after = await pagePosts("moonflower");
    expect(after).toEqual({ titles: ["How to choose a vitamin C serum"], total: 1 });
  });
});
