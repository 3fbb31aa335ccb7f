import { type AnyVariables, gql, type TypedDocumentNode } from "@urql/core";
import type { Context } from "hono";
import { productPath, routePath } from "../../../shared/links";
import type { AppEnv } from "../../platform/app-env";
import { createCmsClient, runQuery } from "../../platform/cms-client/client";
import type { Collection } from "../../platform/cms-client/strapi-shapes";
import type { SitemapEntry, SitemapSource } from "./sitemap-source";

/** Strapi v4's largest page (100); a collection is read page by page. */
const PAGINATION = "pagination: { page: $page, pageSize: 100 }";
/** A stop for a CMS that keeps saying there is another page. */
const MAX_PAGES = 500;

interface SlugRef {
  data: { attributes: { slug: string } } | null;
}

type PagedVariables = { locale: string; page: number };

/**
 * Every record of a collection, page by page. A failed page ends the list
 * with what was read (runQuery has logged it): a partial sitemap beats none.
 */
async function readAll<A, D>(
  c: Context<AppEnv>,
  document: TypedDocumentNode<D, PagedVariables & AnyVariables>,
  pick: (data: D) => Collection<A> | null | undefined,
  label: string,
): Promise<Collection<A>["data"]> {
  const client = createCmsClient({ env: c.env });
  const all: Collection<A>["data"] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await runQuery(client, document, { locale: c.get("locale"), page }, label);
    const collection = data ? pick(data) : null;
    if (!collection) break;
    all.push(...collection.data);
    if (page >= (collection.meta.pagination.pageCount ?? 0)) break;
  }
  return all;
}

const categoriesQuery = gql<
  { categories: Collection<{ slug: string; updatedAt: string | null }> | null },
  PagedVariables
>`
  query sitemapCategories($locale: I18NLocaleCode, $page: Int) {
    categories(locale: $locale, ${PAGINATION}, sort: ["id:asc"]) {
      data { id attributes { slug updatedAt } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const brandsQuery = gql<{ brands: Collection<{ slug: string; updatedAt: string | null }> | null }, PagedVariables>`
  query sitemapBrands($locale: I18NLocaleCode, $page: Int) {
    brands(locale: $locale, ${PAGINATION}, sort: ["id:asc"]) {
      data { id attributes { slug updatedAt } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const productsQuery = gql<
  { products: Collection<{ slug: string; updatedAt: string | null; category: SlugRef }> | null },
  PagedVariables
>`
  query sitemapProducts($locale: I18NLocaleCode, $page: Int) {
    products(locale: $locale, ${PAGINATION}, sort: ["id:asc"]) {
      data { id attributes { slug updatedAt category { data { attributes { slug } } } } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const postsQuery = gql<
  {
    blogPosts: Collection<{
      slug: string;
      updatedAt: string | null;
      tags: { data: { attributes: { slug: string } }[] } | null;
    }> | null;
  },
  PagedVariables
>`
  query sitemapPosts($locale: I18NLocaleCode, $page: Int) {
    blogPosts(locale: $locale, ${PAGINATION}, sort: ["id:asc"]) {
      data { id attributes { slug updatedAt tags { data { attributes { slug } } } } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const projectsQuery = gql<{ projects: Collection<{ slug: string; updatedAt: string | null }> | null }, PagedVariables>`
  query sitemapProjects($locale: I18NLocaleCode, $page: Int) {
    projects(locale: $locale, ${PAGINATION}, sort: ["id:asc"]) {
      data { id attributes { slug updatedAt } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

const pagesQuery = gql<{ pages: Collection<{ slug: string; updatedAt: string | null }> | null }, PagedVariables>`
  query sitemapPages($locale: I18NLocaleCode, $page: Int) {
    pages(locale: $locale, ${PAGINATION}, sort: ["id:asc"]) {
      data { id attributes { slug updatedAt } }
      meta { pagination { page pageSize pageCount total } }
    }
  }
`;

export const categoriesSource: SitemapSource = {
  name: "categories",
  async entries(c) {
    const rows = await readAll(c, categoriesQuery, (d) => d.categories, "sitemapCategories");
    return rows.map(({ attributes: a }) => ({
      path: routePath("catalog-category", { category: a.slug }),
      lastmod: a.updatedAt ?? undefined,
    }));
  },
};

export const brandsSource: SitemapSource = {
  name: "brands",
  async entries(c) {
    const rows = await readAll(c, brandsQuery, (d) => d.brands, "sitemapBrands");
    return rows.map(({ attributes: a }) => ({
      path: routePath("brands-slug", { slug: a.slug }),
      lastmod: a.updatedAt ?? undefined,
    }));
  },
};

/** A product lives under its category; one without a category has no page to list. */
export const productsSource: SitemapSource = {
  name: "products",
  async entries(c) {
    const rows = await readAll(c, productsQuery, (d) => d.products, "sitemapProducts");
    return rows.flatMap(({ attributes: a }): SitemapEntry[] => {
      const category = a.category.data?.attributes.slug;
      return category ? [{ path: productPath(category, a.slug), lastmod: a.updatedAt ?? undefined }] : [];
    });
  },
};

/**
 * A post is listed under its first tag (/blog/{tag}/{slug}); each tag's page
 * is listed too, changed when its newest post changed.
 */
export const postsSource: SitemapSource = {
  name: "posts",
  async entries(c) {
    const rows = await readAll(c, postsQuery, (d) => d.blogPosts, "sitemapPosts");
    const tags = new Map<string, string | undefined>();
    const posts: SitemapEntry[] = [];
    for (const { attributes: a } of rows) {
      const lastmod = a.updatedAt ?? undefined;
      const postTags = a.tags?.data.map((t) => t.attributes.slug) ?? [];
      for (const tag of postTags) {
        const known = tags.get(tag);
        if (!known || (lastmod && lastmod > known)) tags.set(tag, lastmod ?? known);
      }
      if (postTags[0]) posts.push({ path: routePath("blog-tag-slug", { tag: postTags[0], slug: a.slug }), lastmod });
    }
    return [...[...tags].map(([tag, lastmod]) => ({ path: routePath("blog-tag", { tag }), lastmod })), ...posts];
  },
};

export const projectsSource: SitemapSource = {
  name: "projects",
  async entries(c) {
    const rows = await readAll(c, projectsQuery, (d) => d.projects, "sitemapProjects");
    return rows.map(({ attributes: a }) => ({
      path: routePath("projects-slug", { slug: a.slug }),
      lastmod: a.updatedAt ?? undefined,
    }));
  },
};

/** When each information page (by slug: "company", "delivery"...) last changed in the CMS. */
export async function pageUpdates(c: Context<AppEnv>): Promise<Map<string, string>> {
  const rows = await readAll(c, pagesQuery, (d) => d.pages, "sitemapPages");
  return new Map(rows.flatMap(({ attributes: a }) => (a.updatedAt ? [[`/${a.slug}`, a.updatedAt] as const] : [])));
}
