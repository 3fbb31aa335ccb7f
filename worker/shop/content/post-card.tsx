import { routePath } from "../../../shared/links";
import type { BlogPost } from "../../../shared/types/catalog";
import { useTexts } from "../../frame/i18n/texts";

/** "3 October 2026" in the page's language; nothing for a date the CMS got wrong. */
export function PostDate({ iso }: { iso: string }) {
  const t = useTexts();
  const date = new Date(iso);
  return <time dateTime={iso}>{Number.isNaN(date.getTime()) ? "" : t.date(date)}</time>;
}

/** A post's canonical path: under its first tag. */
export function postPath(post: Pick<BlogPost, "slug" | "tags">): string {
  return routePath("blog-tag-slug", { tag: post.tags[0]?.slug ?? "news", slug: post.slug });
}

/** A post's date and its tags, each a link to the tag's list: on the cards and on the post itself. */
export function PostMeta({ post }: { post: Pick<BlogPost, "publishedAt" | "tags"> }) {
  return (
    <p className="post-card__meta">
      <PostDate iso={post.publishedAt} />
      {post.tags.length > 0 && (
        <>
          {" · "}
          {post.tags.map((t, i) => (
            <span key={t.slug}>
              {i > 0 && ", "}
              <a href={routePath("blog-tag", { tag: t.slug })}>{t.name}</a>
            </span>
          ))}
        </>
      )}
    </p>
  );
}

/**
 * A post's card. Its title is a heading one level below the list's own: h2 under the blog's h1,
 * h3 under a section's h2 (similar posts, search results), so a page's headings never skip a level.
 */
export function PostCard({ post, eager, level }: { post: BlogPost; eager?: boolean; level: 2 | 3 }) {
  const href = postPath(post);
  const Title = level === 2 ? "h2" : "h3";
  return (
    <article className="post-card">
      {post.image && (
        <a href={href} tabIndex={-1} aria-label={post.title} className="post-card__image">
          <img
            src={post.image.url}
            alt=""
            width={post.image.width ?? 1200}
            height={post.image.height ?? 675}
            loading={eager ? "eager" : "lazy"}
          />
        </a>
      )}
      <div className="post-card__body">
        <PostMeta post={post} />
        <Title className="post-card__title">
          <a href={href}>{post.title}</a>
        </Title>
        <p className="muted">{post.excerpt}</p>
      </div>
    </article>
  );
}

export function PostGrid({ posts, level }: { posts: BlogPost[]; level: 2 | 3 }) {
  return (
    <ul className="post-grid">
      {posts.map((post, i) => (
        <li key={post.slug}>
          <PostCard post={post} eager={i < 3} level={level} />
        </li>
      ))}
    </ul>
  );
}
