/**
 * The embedded CMS's collection types as SQL tables: every column and relation a
 * Strapi v4 filter or sort may name is listed here; nothing from the query text is
 * ever put into SQL except through a bound parameter (filters.ts).
 */
export type ColumnKind = "string" | "number" | "id" | "date";

export interface EntityTable {
  table: string;
  columns: Record<string, { sql: string; kind: ColumnKind }>;
  /** Relation filters: field → (alias of the related table, SQL that wraps the related condition). */
  relations?: Record<string, { entity: EntityName; wrap: (alias: string, inner: string, outer: string) => string }>;
  sortable: Record<string, string>;
  /** With no `sort`, Strapi answers in storage (id) order; so does the embedded CMS. */
  defaultSort: string;
}

export type EntityName = "category" | "brand" | "productLine" | "product" | "tag" | "blogPost" | "project" | "page";

export const entities: Record<EntityName, EntityTable> = {
  category: {
    table: "cms_categories",
    columns: {
      id: { sql: "id", kind: "id" },
      name: { sql: "name", kind: "string" },
      slug: { sql: "slug", kind: "string" },
    },
    sortable: { name: "name", slug: "slug", position: "position", id: "id" },
    defaultSort: "position ASC, id ASC",
  },
  brand: {
    table: "cms_brands",
    columns: {
      id: { sql: "id", kind: "id" },
      name: { sql: "name", kind: "string" },
      slug: { sql: "slug", kind: "string" },
    },
    sortable: { name: "name", slug: "slug", id: "id" },
    defaultSort: "name ASC",
  },
  productLine: {
    table: "cms_product_lines",
    columns: {
      id: { sql: "id", kind: "id" },
      name: { sql: "name", kind: "string" },
      slug: { sql: "slug", kind: "string" },
    },
    relations: {
      brand: {
        entity: "brand",
        wrap: (a, inner, o) => `${o}.brand_id IN (SELECT ${a}.id FROM cms_brands ${a} WHERE ${inner})`,
      },
    },
    sortable: { name: "name", slug: "slug", id: "id" },
    defaultSort: "name ASC",
  },
  product: {
    table: "cms_products",
    columns: {
      id: { sql: "id", kind: "id" },
      name: { sql: "name", kind: "string" },
      slug: { sql: "slug", kind: "string" },
      sku: { sql: "sku", kind: "string" },
      description: { sql: "description", kind: "string" },
      price: { sql: "price", kind: "number" },
      oldPrice: { sql: "old_price", kind: "number" },
      availability: { sql: "availability", kind: "string" },
      year: { sql: "year", kind: "number" },
      publishedAt: { sql: "published_at", kind: "date" },
    },
    relations: {
      brand: {
        entity: "brand",
        wrap: (a, inner, o) => `${o}.brand_id IN (SELECT ${a}.id FROM cms_brands ${a} WHERE ${inner})`,
      },
      line: {
        entity: "productLine",
        wrap: (a, inner, o) => `${o}.line_id IN (SELECT ${a}.id FROM cms_product_lines ${a} WHERE ${inner})`,
      },
      category: {
        entity: "category",
        wrap: (a, inner, o) => `${o}.category_id IN (SELECT ${a}.id FROM cms_categories ${a} WHERE ${inner})`,
      },
    },
    sortable: {
      name: "name",
      price: "price",
      year: "year",
      publishedAt: "published_at",
      popularity: "popularity",
      id: "id",
    },
    defaultSort: "id ASC",
  },
  tag: {
    table: "cms_tags",
    columns: {
      id: { sql: "id", kind: "id" },
      name: { sql: "name", kind: "string" },
      slug: { sql: "slug", kind: "string" },
    },
    sortable: { name: "name", slug: "slug", id: "id" },
    defaultSort: "name ASC",
  },
  blogPost: {
    table: "cms_blog_posts",
    columns: {
      id: { sql: "id", kind: "id" },
      title: { sql: "title", kind: "string" },
      slug: { sql: "slug", kind: "string" },
      excerpt: { sql: "excerpt", kind: "string" },
      content: { sql: "content", kind: "string" },
      publishedAt: { sql: "published_at", kind: "date" },
    },
    relations: {
      tags: {
        entity: "tag",
        wrap: (a, inner, o) =>
          `${o}.id IN (SELECT ${a}_pt.post_id FROM cms_blog_post_tags ${a}_pt JOIN cms_tags ${a} ON ${a}.id = ${a}_pt.tag_id WHERE ${inner})`,
      },
    },
    sortable: { title: "title", publishedAt: "published_at", id: "id" },
    defaultSort: "id ASC",
  },
  project: {
    table: "cms_projects",
    columns: {
      id: { sql: "id", kind: "id" },
      title: { sql: "title", kind: "string" },
      slug: { sql: "slug", kind: "string" },
    },
    sortable: { title: "title", publishedAt: "published_at", id: "id" },
    defaultSort: "id ASC",
  },
  page: {
    table: "cms_pages",
    columns: {
      id: { sql: "id", kind: "id" },
      title: { sql: "title", kind: "string" },
      slug: { sql: "slug", kind: "string" },
    },
    sortable: { title: "title", slug: "slug", id: "id" },
    defaultSort: "id ASC",
  },
};
