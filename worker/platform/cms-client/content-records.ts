import { gql } from "@urql/core";
import type { Context } from "hono";
import type { BlogPost, ContentPage, Page, Project, Tag } from "../../../shared/types/catalog";
import type { AppEnv } from "../app-env";
import { cachedQuery } from "./cached-query";
import { type Collection, type Entity, type MediaResponse, unwrapMedia } from "./strapi-shapes";

/** Blog posts and tags, projects and information pages. */
interface PostAttributes {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string | null;
  publishedAt: string;
  updatedAt: string | null;
  image: MediaResponse;
  tags: { data: Entity<{ name: string; slug: string }>[] };
}
interface ProjectAttributes {
  title: string;
  slug: string;
  excerpt: string | null;
  content: string | null;
  publishedAt: string;
  image: MediaResponse;
}
interface PageAttributes {
  title: string;
  slug: string;
  description: string | null;
  content: string | null;
  updatedAt: string | null;
}

const MEDIA = "data { attributes { url alternativeText width height } }";

const postsQuery = gql<
  { blogPosts: Collection<PostAttributes> | null },
  { locale: string; filters: Record<string, unknown>; page: number; pageSize: number; withContent: boolean }
>`
  query blogPostsQuery($locale: I18NLocaleCode, $filters: BlogPostFiltersInput, $page: Int, $pageSize: Int, $withContent: Boolean!) {
    blogPosts(locale: $locale, filters: $filters, sort: ["publishedAt:desc"], pagination: { page: $page, pageSize: $pageSize }) {
      data { id attributes { title slug excerpt content @include(if: $withContent) publishedAt updatedAt image { ${MEDIA} }
        tags { data { id attributes { name slug } } } } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const tagsQuery = gql<{ tags: Collection<{ name: string; slug: string }> | null }, { locale: string }>`
  query tagsQuery($locale: I18NLocaleCode) {
    tags(locale: $locale, sort: ["name:asc"], pagination: { pageSize: 100 }) {
      data { id attributes { name slug } }
      meta { pagination { total } }
    }
  }
`;

const projectsQuery = gql<
  { projects: Collection<ProjectAttributes> | null },
  { locale: string; filters: Record<string, unknown>; withContent: boolean }
>`
  query projectsQuery($locale: I18NLocaleCode, $filters: ProjectFiltersInput, $withContent: Boolean!) {
    projects(locale: $locale, filters: $filters, sort: ["publishedAt:desc"], pagination: { pageSize: 100 }) {
      data { id attributes { title slug excerpt content @include(if: $withContent) publishedAt image { ${MEDIA} } } }
      meta { pagination { total } }
    }
  }
`;

const pagesQuery = gql<{ pages: Collection<PageAttributes> | null }, { locale: string; slug: string }>`
  query pagesQuery($locale: I18NLocaleCode, $slug: String) {
    pages(locale: $locale, filters: { slug: { eq: $slug } }, pagination: { pageSize: 1 }) {
      data { id attributes { title slug description content updatedAt } }
      meta { pagination { total } }
    }
  }
`;

function toTag(e: Entity<{ name: string; slug: string }>): Tag {
  return { id: e.id, name: e.attributes.name, slug: e.attributes.slug };
}

function toPost(env: Env, e: Entity<PostAttributes>): BlogPost {
  const a = e.attributes;
  return {
    id: e.id,
    title: a.title,
    slug: a.slug,
    excerpt: a.excerpt ?? "",
    content: a.content ?? "",
    image: unwrapMedia(env, a.image),
    publishedAt: a.publishedAt,
    updatedAt: a.updatedAt || a.publishedAt,
    tags: a.tags.data.map(toTag),
  };
}

export interface PostQuery {
  tag?: string;
  /** Posts whose title, excerpt or content hold every word. */
  search?: string;
  excludeSlug?: string;
  slug?: string;
  page?: number;
  pageSize?: number;
  withContent?: boolean;
}

/** The words a post search looks for, each in the title, the excerpt or the content: at most six, 40 letters each. */
export function postSearchWords(search: string): string[] {
  return search
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .map((w) => w.slice(0, 40));
}

/** A page of posts, newest first; null when the CMS could not answer. */
export async function getBlogPosts(
  c: Context<AppEnv>,
  locale: string,
  query: PostQuery = {},
): Promise<Page<BlogPost> | null> {
  const { env } = c;
  const and: Record<string, unknown>[] = [];
  if (query.tag) and.push({ tags: { slug: { eq: query.tag } } });
  if (query.slug) and.push({ slug: { eq: query.slug } });
  if (query.excludeSlug) and.push({ slug: { ne: query.excludeSlug } });
  for (const word of postSearchWords(query.search ?? "")) {
    and.push({
      or: [{ title: { containsi: word } }, { excerpt: { containsi: word } }, { content: { containsi: word } }],
    });
  }
  const data = await cachedQuery(
    c,
    postsQuery,
    {
      locale,
      filters: { and },
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 9,
      withContent: query.withContent ?? false,
    },
    "blogPostsQuery",
  );
  if (!data) return null;
  const p = data.blogPosts?.meta.pagination;
  return {
    items: (data.blogPosts?.data ?? []).map((e) => toPost(env, e)),
    page: p?.page ?? 1,
    pageSize: p?.pageSize ?? 0,
    pageCount: p?.pageCount ?? 0,
    total: p?.total ?? 0,
  };
}

/**
 * Every post of a locale, newest first, with its content, read a hundred at a time (Strapi's
 * GraphQL answers at most 100 a page); null when the CMS failed or the blog has more than `max`.
 */
export async function everyBlogPost(c: Context<AppEnv>, locale: string, max: number): Promise<BlogPost[] | null> {
  const pageSize = 100;
  const first = await getBlogPosts(c, locale, { pageSize, withContent: true });
  if (!first || first.total > max) return null;
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, i) =>
      getBlogPosts(c, locale, { page: i + 2, pageSize, withContent: true }),
    ),
  );
  const pages = [first, ...rest];
  return pages.every((p) => p !== null) ? pages.flatMap((p) => p.items) : null;
}

export async function getBlogPost(c: Context<AppEnv>, locale: string, slug: string): Promise<BlogPost | null> {
  const page = await getBlogPosts(c, locale, { slug, pageSize: 1, withContent: true });
  return page?.items[0] ?? null;
}

export async function getTags(c: Context<AppEnv>, locale: string): Promise<Tag[]> {
  const data = await cachedQuery(c, tagsQuery, { locale }, "tagsQuery");
  return (data?.tags?.data ?? []).map(toTag);
}

function toProject(env: Env, e: Entity<ProjectAttributes>): Project {
  const a = e.attributes;
  return {
    id: e.id,
    title: a.title,
    slug: a.slug,
    excerpt: a.excerpt ?? "",
    content: a.content ?? "",
    image: unwrapMedia(env, a.image),
    gallery: [],
    publishedAt: a.publishedAt,
  };
}

export async function getProjects(c: Context<AppEnv>, locale: string): Promise<Project[] | null> {
  const { env } = c;
  const data = await cachedQuery(c, projectsQuery, { locale, filters: {}, withContent: false }, "projectsQuery");
  return data ? (data.projects?.data ?? []).map((e) => toProject(env, e)) : null;
}

export async function getProject(c: Context<AppEnv>, locale: string, slug: string): Promise<Project | null> {
  const { env } = c;
  const data = await cachedQuery(
    c,
    projectsQuery,
    { locale, filters: { slug: { eq: slug } }, withContent: true },
    "projectsQuery",
  );
  const e = data?.projects?.data[0];
  return e ? toProject(env, e) : null;
}

export async function getPage(c: Context<AppEnv>, locale: string, slug: string): Promise<ContentPage | null> {
  const data = await cachedQuery(c, pagesQuery, { locale, slug }, "pagesQuery");
  const e = data?.pages?.data[0];
  if (!e) return null;
  return {
    id: e.id,
    title: e.attributes.title,
    slug: e.attributes.slug,
    description: e.attributes.description ?? "",
    content: e.attributes.content ?? "",
    updatedAt: e.attributes.updatedAt ?? "",
  };
}
