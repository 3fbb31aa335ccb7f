import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "./fetch";

describe("blog", () => {
  it("lists posts newest first with topics and real page links", async () => {
    const res = await fetchWorker("/blog");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/blog/skincare"');
    expect(html).toContain('class="post-card"');
    expect(html).toContain('href="/blog?page=2"');
    const dates = [...html.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => m[1]);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("shows a topic and answers 404 for an unknown one", async () => {
    const html = await (await fetchWorker("/blog/makeup")).text();
    expect(html).toContain("Long-wear make-up that survives the heat");
    expect((await fetchWorker("/blog/no-such-topic")).status).toBe(404);
  });

  it("shows a post with similar articles, interesting posts and BlogPosting JSON-LD", async () => {
    const res = await fetchWorker("/blog/skincare/summer-skincare-routine-uae");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Similar articles");
    expect(html).toContain("Interesting posts");
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    );
    expect(blocks.find((b) => b["@type"] === "BlogPosting")?.headline).toBe("A summer skincare routine for the UAE");
    expect(blocks.find((b) => b["@type"] === "BreadcrumbList")).toBeTruthy();
  });

  it("redirects a post under the wrong topic to its canonical path, and 404s an unknown post", async () => {
    const res = await fetchWorker("/blog/news/summer-skincare-routine-uae");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/blog/skincare/summer-skincare-routine-uae");
    expect((await fetchWorker("/blog/skincare/no-such-post")).status).toBe(404);
  });

  it("renders CMS rich text inert: no script, no event handler, no javascript: link", async () => {
    await env.DB.prepare(
      `INSERT OR REPLACE INTO cms_blog_posts (id, title, slug, excerpt, content, published_at) VALUES (900, 'Hostile', 'hostile-post', 'x',
        '<p>Hello</p><script>alert(1)</script><img src="/a.png" onerror="alert(2)"><a href="javascript:alert(3)">click</a>', '2020-01-01T00:00:00Z')`,
    ).run();
    await env.DB.prepare("INSERT OR IGNORE INTO cms_blog_post_tags (post_id, tag_id) VALUES (900, 4)").run();
    const html = await (await fetchWorker("/blog/news/hostile-post")).text();
    const content = html.slice(html.indexOf('class="rich-text post__content"'));
    expect(content).toContain("<p>Hello</p>");
    expect(content).not.toContain("alert(1)");
    expect(content).not.toContain("onerror");
    expect(content).not.toContain("javascript:");
  });
});

describe("projects and information pages", () => {
  it("lists projects and shows one; 404 for an unknown project", async () => {
    const list = await (await fetchWorker("/projects")).text();
    expect(list).toContain("Fragrance library");
    const one = await fetchWorker("/projects/fragrance-library");
    expect(one.status).toBe(200);
    expect((await fetchWorker("/projects/nope")).status).toBe(404);
  });

  it.each([
    ["/company", "About Noor Beauty"],
    ["/delivery", "Delivery"],
    ["/payment", "Payment"],
    ["/privacy-policy", "Privacy policy"],
    ["/refund-policy", "Refund policy"],
    ["/terms-and-conditions", "Terms and conditions"],
    ["/wholesale", "Wholesale"],
    ["/partnership", "Partnership"],
  ])("%s has its own title and content from the CMS", async (path, title) => {
    const res = await fetchWorker(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${title} | Noor Beauty</title>`);
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  it("shows the contacts record on /contacts", async () => {
    const html = await (await fetchWorker("/contacts")).text();
    expect(html).toContain("hello@noorbeauty.ae");
    expect(html).toContain("+971 4 330 2188");
    expect(html).toContain("Opening hours");
    expect(html).toContain("https://wa.me/971504127730");
  });
});
