import type { Context } from "hono";
import { routePath } from "../../../shared/links";
import type { BlogPost, Tag } from "../../../shared/types/catalog";
import { renderNotFound } from "../../frame/document/not-found";
import { renderPage } from "../../frame/document/render-page";
import { fileUrl, type PageSite, pageSiteOf, pageUrl } from "../../frame/head/page-site";
import type { BlogPosting, OrganizationRef } from "../../frame/head/schema-types";
import { organizationRef } from "../../frame/head/site-json-ld";
import { DEFAULT_CARD, socialImage } from "../../frame/head/social-image";
import { textsOf, useTexts } from "../../frame/i18n/texts";
import { getContacts } from "../../frame/layout/layout-data";
import { Breadcrumbs, type Crumb } from "../../frame/ui/breadcrumbs";
import { RichText } from "../../frame/ui/sanitize-html";
import type { AppEnv } from "../../platform/app-env";
import { getBlogPost, getBlogPosts, getTags } from "../../platform/cms-client/content-records";
import { PostGrid, PostMeta, postPath } from "../../shop/content/post-card";
import { Pager } from "../../shop/listing/pager";

const PAGE_SIZE = 9;
const SLUG = /^[a-z0-9-]{1,120}$/;

function pageParam(c: Context<AppEnv>): number {
  const n = Number(c.req.query("page") ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : 1;
}

function TagLinks({ tags, active }: { tags: Tag[]; active?: string }) {
  const { m } = useTexts();
  return (
    <nav aria-label={m.blog.topics} className="tag-links">
      <ul>
        <li>
          <a href={routePath("blog")} aria-current={active ? undefined : "page"}>
            {m.blog.allPosts}
          </a>
        </li>
        {tags.map((t) => (
          <li key={t.slug}>
            <a href={routePath("blog-tag", { tag: t.slug })} aria-current={active === t.slug ? "page" : undefined}>
              {t.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

async function listing(c: Context<AppEnv>, tag: Tag | null, tags: Tag[]): Promise<Response> {
  const page = pageParam(c);
  const posts = await getBlogPosts(c, c.get("locale"), { tag: tag?.slug, page, pageSize: PAGE_SIZE });
  // A page past the last is no page: 404, never an empty list.
  if (posts && page > Math.max(1, posts.pageCount)) return renderNotFound(c);
  const base = tag ? routePath("blog-tag", { tag: tag.slug }) : routePath("blog");
  const t = textsOf(c);
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.blog, path: routePath("blog") },
    ...(tag ? [{ name: tag.name, path: base }] : []),
  ];
  const title = tag ? t.fill(t.m.blog.tagTitle, { tag: tag.name }) : t.m.blog.title;
  return renderPage(c, {
    title: page > 1 ? t.fill(t.m.blog.numbered, { title, n: page }) : title,
    description: tag
      ? t.fill(t.m.blog.tagDescription, { tag: tag.name.toLocaleLowerCase(t.locale) })
      : t.m.blog.description,
    canonicalPath: page > 1 ? `${base}?page=${page}` : base,
    // The CMS gave no posts: the notice says so, and the page is a 503 to ask again (decision 0101).
    status: posts ? 200 : 503,
    body: (
      <section className="container page-section">
        <Breadcrumbs items={crumbs} />
        <h1>{tag ? tag.name : t.m.blog.title}</h1>
        <TagLinks tags={tags} active={tag?.slug} />
        {!posts ? (
          <p className="notice notice--info">{t.m.blog.unavailable}</p>
        ) : posts.items.length === 0 ? (
          <div className="empty-state">
            <p>{t.m.blog.noPosts}</p>
          </div>
        ) : (
          <>
            <PostGrid posts={posts.items} level={2} />
            <Pager base={base} page={posts.page} pageCount={posts.pageCount} />
          </>
        )}
      </section>
    ),
  });
}

/** /blog: newest posts first, with topic links. */
export async function blogListPage(c: Context<AppEnv>): Promise<Response> {
  return listing(c, null, await getTags(c, c.get("locale")));
}

/** /blog/{tag}: the posts of one topic; 404 for an unknown topic. */
export async function blogTagPage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param("tag") ?? "";
  if (!SLUG.test(slug)) return renderNotFound(c);
  const tags = await getTags(c, c.get("locale"));
  const tag = tags.find((t) => t.slug === slug);
  if (!tag) return renderNotFound(c);
  return listing(c, tag, tags);
}

/** The post as a BlogPosting with everything Google's article data asks for, in the page's language. */
function postJsonLd(site: PageSite, post: BlogPost, publisher: OrganizationRef): BlogPosting {
  const card = socialImage(site, post.image, post.title);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    // The cover as the CMS holds it and its 1200×630 card; the shop's own card for a post without one.
    image: [
      ...new Set([...(post.image ? [fileUrl(site, post.image.url)] : []), card?.url ?? fileUrl(site, DEFAULT_CARD)]),
    ],
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    inLanguage: site.locale,
    mainEntityOfPage: { "@type": "WebPage", "@id": pageUrl(site, postPath(post)) },
    author: publisher,
    publisher,
  };
}

/** /blog/{tag}/{slug}: the post; a post under another tag goes to its canonical path. */
export async function blogPostPage(c: Context<AppEnv>): Promise<Response> {
  const slug = c.req.param("slug") ?? "";
  const tagSlug = c.req.param("tag") ?? "";
  if (!SLUG.test(slug)) return renderNotFound(c);
  const locale = c.get("locale");
  const post = await getBlogPost(c, locale, slug);
  if (!post) return renderNotFound(c);
  const canonical = postPath(post);
  if (!post.tags.some((t) => t.slug === tagSlug) || canonical.split("/")[2] !== tagSlug) {
    return c.redirect(canonical, 301);
  }
  const [similar, interesting, contacts] = await Promise.all([
    getBlogPosts(c, locale, { tag: post.tags[0]?.slug, excludeSlug: post.slug, pageSize: 3 }),
    getBlogPosts(c, locale, { excludeSlug: post.slug, pageSize: 6 }),
    getContacts(c, locale),
  ]);
  const similarSlugs = new Set(similar?.items.map((p) => p.slug));
  const others = (interesting?.items ?? []).filter((p) => !similarSlugs.has(p.slug)).slice(0, 3);
  const site = pageSiteOf(c);
  const tag = post.tags[0]!;
  const t = textsOf(c);
  const crumbs: Crumb[] = [
    { name: t.m.crumbs.home, path: "/" },
    { name: t.m.crumbs.blog, path: routePath("blog") },
    { name: tag.name, path: routePath("blog-tag", { tag: tag.slug }) },
    { name: post.title, path: canonical },
  ];
  return renderPage(c, {
    title: post.title,
    description: post.excerpt,
    canonicalPath: canonical,
    ogType: "article",
    image: socialImage(site, post.image, post.image?.alternativeText ?? post.title),
    jsonLd: [postJsonLd(site, post, organizationRef(site, contacts, t.m.site.tagline))],
    body: (
      <div className="container page-section">
        <Breadcrumbs items={crumbs} />
        <article className="post">
          <header className="post__head">
            <PostMeta post={post} />
            <h1>{post.title}</h1>
            <p className="lead muted">{post.excerpt}</p>
          </header>
          {post.image && (
            <img
              className="post__image"
              src={post.image.url}
              alt={post.image.alternativeText ?? ""}
              width={post.image.width ?? 1200}
              height={post.image.height ?? 675}
              fetchPriority="high"
            />
          )}
          <RichText html={post.content} className="rich-text post__content" />
        </article>
        {similar && similar.items.length > 0 && (
          <section className="section" aria-labelledby="similar-articles">
            <h2 id="similar-articles">{t.m.blog.similar}</h2>
            <PostGrid posts={similar.items} level={3} />
          </section>
        )}
        {others.length > 0 && (
          <section className="section" aria-labelledby="interesting-posts">
            <h2 id="interesting-posts">{t.m.blog.interesting}</h2>
            <PostGrid posts={others} level={3} />
          </section>
        )}
      </div>
    ),
  });
}
