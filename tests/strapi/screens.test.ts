import { describe, expect, inject, it } from "vitest";
import { graphql } from "./graphql-http";

/**
 * Every screen of the shop, run against Strapi, answers 200 with the same content as the
 * shop run against its embedded CMS: the same title, heading and links in the page body
 * (products, posts, menus), so nothing degrades quietly to an empty shelf or a 404.
 */
const screens = [
  "/",
  "/catalog",
  "/catalog/skincare",
  "/catalog/skincare?maker=maison-lumiere&sort=price-asc",
  "/catalog/skincare/maison-lumiere-rose-ritual-daily-moisturiser-spf-30",
  // A name with an accent: its slug folds it ("Clarté" → "clarte") in both CMSs' seeds.
  "/catalog/skincare/maison-lumiere-clarte-night-repair-cream",
  "/brands",
  "/brands/velvet-hue",
  "/brands/velvet-hue?model=lips&sort=price-asc",
  "/search?q=serum",
  "/blog",
  "/blog/guides",
  "/blog/skincare/summer-skincare-routine-uae",
  "/projects",
  "/projects/skin-analysis-bar-dubai-hills",
  "/company",
  "/contacts",
  "/delivery",
  "/payment",
  "/privacy-policy",
  "/refund-policy",
  "/terms-and-conditions",
  "/wholesale",
  "/partnership",
  "/reviews",
  "/favorites",
  "/cart",
  "/user/login",
  "/user/signup",
  "/user/password",
  "/sitemap.xml",
];

interface Screen {
  status: number;
  title: string;
  h1: string;
  links: string[];
  images: number;
}

async function screen(base: string, path: string): Promise<Screen> {
  const res = await fetch(base + path, { redirect: "manual" });
  const html = await res.text();
  const main = html.match(/<main[\s\S]*<\/main>/)?.[0] ?? html;
  const text = (s: string | undefined) =>
    (s ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim();
  return {
    status: res.status,
    title: text(html.match(/<title>([\s\S]*?)<\/title>/)?.[1]),
    h1: text(main.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]),
    links: [...main.matchAll(/href="(\/[^"]*)"/g)]
      .map((m) => m[1].replaceAll("&amp;", "&"))
      .filter((h) => !h.startsWith("/uploads/")),
    images: [...html.matchAll(/<img[^>]+src="[^"]*\/(uploads|media)\/[^"]+"/g)].length,
  };
}

describe("every screen answers from Strapi as it does from the embedded CMS", () => {
  for (const path of screens) {
    it(`${path}`, async () => {
      const [strapi, embedded] = await Promise.all([
        screen(inject("shopUrl"), path),
        screen(inject("embeddedShopUrl"), path),
      ]);
      expect(strapi.status).toBe(200);
      expect(embedded.status).toBe(200);
      expect(strapi.title).toBe(embedded.title);
      expect(strapi.h1).toBe(embedded.h1);
      expect(strapi.links).toEqual(embedded.links);
      expect(strapi.images).toBe(embedded.images);
    });
  }

  it("offers in a category's filter only the makers with a product in it, as the embedded CMS does", async () => {
    const makers = async (base: string) =>
      [...(await (await fetch(`${base}/catalog/skincare`)).text()).matchAll(/name="maker" value="([a-z0-9-]+)"/g)].map(
        (m) => m[1],
      );
    const [strapi, embedded] = await Promise.all([makers(inject("shopUrl")), makers(inject("embeddedShopUrl"))]);
    expect(strapi).toContain("maison-lumiere");
    expect(strapi).not.toContain("silk-strand");
    expect(strapi).toEqual(embedded);
  });

  it("serves the shop's images from Strapi's uploads, absolute", async () => {
    const html = await (await fetch(`${inject("shopUrl")}/catalog/skincare`)).text();
    const src = html.match(/src="(http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+\.svg)"/)?.[1];
    expect(src, "an image from Strapi").toBeTruthy();
    const image = await fetch(src as string);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
  });
});

describe("pages filled from a frame answer from Strapi as from the embedded CMS (issue 22)", () => {
  const unique = () => crypto.randomUUID().replaceAll("-", "").slice(0, 8);

  it("a search for words nobody searched before is filled from the frame of its results", async () => {
    const frames: (string | null)[] = [];
    for (const base of [inject("shopUrl"), inject("embeddedShopUrl")]) {
      // The first new words make the frame of these results; the next are filled from it.
      await (await fetch(`${base}/search?q=serum+${unique()}`)).arrayBuffer();
      const res = await fetch(`${base}/search?q=serum+${unique()}`);
      await res.arrayBuffer();
      frames.push(res.headers.get("x-page-frame"));
    }
    expect(frames).toEqual(["search", "search"]);
    const path = `/search?q=serum+${unique()}`;
    const [strapi, embedded] = await Promise.all([
      screen(inject("shopUrl"), path),
      screen(inject("embeddedShopUrl"), path),
    ]);
    expect(strapi.status).toBe(200);
    expect(strapi.title).toBe(embedded.title);
    expect(strapi.h1).toBe(embedded.h1);
    expect(strapi.links).toEqual(embedded.links);
    expect(strapi.links.length).toBeGreaterThan(0);
  });

  it("an unknown product is a 404 filled from the frame, kept under its URL on the second ask", async () => {
    const path = `/catalog/skincare/no-such-product-${unique()}`;
    const states: (string | null)[] = [];
    for (const _ of [1, 2, 3]) {
      const res = await fetch(inject("shopUrl") + path);
      await res.arrayBuffer();
      expect(res.status).toBe(404);
      states.push(res.headers.get("x-page-shell"));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(states).toEqual(["miss", "miss", "hit"]);
    const [strapi, embedded] = await Promise.all([
      screen(inject("shopUrl"), path),
      screen(inject("embeddedShopUrl"), path),
    ]);
    expect(strapi.h1).toBe(embedded.h1);
    expect(strapi.links).toEqual(embedded.links);
  });
});

describe("a search's articles, found among the posts the shop holds, are what Strapi's own filter finds (issue 22)", () => {
  /** The titles of the search page's articles, in the order shown. */
  async function shownPosts(q: string): Promise<string[]> {
    const res = await fetch(`${inject("shopUrl")}/search?q=${encodeURIComponent(q)}`);
    expect(res.status, q).toBe(200);
    const section = (await res.text()).split('id="search-posts"')[1]?.split("</section>")[0] ?? "";
    return [...section.matchAll(/<h3 class="post-card__title"><a[^>]*>([^<]+)<\/a>/g)].map((m) =>
      m[1]!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"),
    );
  }

  /** Strapi's answer to the filter the shop used to send for each search: every word in the title, excerpt or content. */
  async function strapiPosts(q: string): Promise<string[]> {
    const { body } = await graphql(
      "strapi",
      `query ($filters: BlogPostFiltersInput) {
        blogPosts(locale: "en", filters: $filters, sort: ["publishedAt:desc"], pagination: { pageSize: 6 }) {
          data { attributes { title } } } }`,
      {
        filters: {
          and: q.split(" ").map((word) => ({
            or: [{ title: { containsi: word } }, { excerpt: { containsi: word } }, { content: { containsi: word } }],
          })),
        },
      },
    );
    const posts = body.data?.blogPosts as { data: { attributes: { title: string } }[] } | undefined;
    expect(posts, JSON.stringify(body.errors)).toBeDefined();
    return (posts?.data ?? []).map((p) => p.attributes.title);
  }

  it("for words in titles, excerpts and content, in any case", async () => {
    let found = 0;
    for (const q of ["serum", "SUMMER", "skin routine", "ascorbic", "uae", "zzqx"]) {
      const shown = await shownPosts(q);
      expect(shown, q).toEqual(await strapiPosts(q));
      found += shown.length;
    }
    expect(found).toBeGreaterThan(5);
  });
});
