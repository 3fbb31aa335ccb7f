import { GraphQLError } from "graphql";
import { type EntityName, entities } from "./entities";
import { orderSql, pageWindow, whereSql } from "./filters";
import type { CmsContext, Row } from "./loaders";
import { me } from "./me";
import { mediaEntity } from "./media-entity";
import { singleTypeResolvers } from "./single-types";

/**
 * Resolvers of the embedded CMS. Entities are returned as plain objects in
 * Strapi's envelope; relation fields are functions, which graphql-js's default
 * resolver calls only when the query asks for them.
 */

function mediaResponse(ctx: CmsContext, id: unknown) {
  return async () => ({ data: typeof id === "number" ? mediaEntity(await ctx.loaders.media.load(id)) : null });
}

function single(ctx: CmsContext, name: EntityName, id: unknown) {
  return async () => {
    if (typeof id !== "number") return { data: null };
    const loader = ctx.loaders[name as "brand" | "productLine" | "category"];
    const row = await loader.load(id);
    return { data: row ? entity(ctx, name, row) : null };
  };
}

/** The attributes of one row of an entity, relations as lazy functions. */
function attributes(ctx: CmsContext, name: EntityName, row: Row): Record<string, unknown> {
  const common = { locale: row.locale, updatedAt: row.updated_at ?? null };
  switch (name) {
    case "category":
      return {
        ...common,
        name: row.name,
        slug: row.slug,
        description: row.description,
        image: mediaResponse(ctx, row.image_id),
        productCount: async () => (await ctx.loaders.productCount.load(row.id)) ?? 0,
      };
    case "brand":
      return {
        ...common,
        name: row.name,
        slug: row.slug,
        description: row.description,
        colour: row.colour,
        logo: mediaResponse(ctx, row.logo_id),
        productCount: async () => (await ctx.loaders.brandProductCount.load(row.id)) ?? 0,
        productLines: async () => ({
          data: ((await ctx.loaders.linesOfBrand.load(row.id)) ?? []).map((l) => entity(ctx, "productLine", l)),
        }),
      };
    case "productLine":
      return { ...common, name: row.name, slug: row.slug, brand: single(ctx, "brand", row.brand_id) };
    case "product":
      return {
        ...common,
        name: row.name,
        slug: row.slug,
        sku: row.sku,
        description: row.description,
        ingredients: row.ingredients,
        howToUse: row.how_to_use,
        volume: row.volume,
        price: row.price,
        oldPrice: row.old_price,
        availability: row.availability,
        year: row.year,
        popularity: row.popularity,
        publishedAt: row.published_at,
        brand: single(ctx, "brand", row.brand_id),
        line: single(ctx, "productLine", row.line_id),
        category: single(ctx, "category", row.category_id),
        images: async (args: { pagination?: Record<string, number> }) => {
          const all = (await ctx.loaders.productImages.load(row.id)) ?? [];
          const window = pageWindow(args.pagination ?? { limit: 100 });
          return { data: all.slice(window.offset, window.offset + window.pageSize).map((m) => mediaEntity(m)) };
        },
        variants: async (args: { pagination?: Record<string, number> }) => {
          const all = (await ctx.loaders.productVariants.load(row.id)) ?? [];
          const window = pageWindow(args.pagination ?? { limit: 100 });
          return all.slice(window.offset, window.offset + window.pageSize).map((v) => ({
            id: String(v.id),
            name: v.name,
            kind: v.kind,
            sku: v.sku,
            price: v.price,
            oldPrice: v.old_price,
            swatch: v.swatch,
            image: mediaResponse(ctx, v.image_id),
            availability: v.availability,
          }));
        },
      };
    case "tag":
      return { ...common, name: row.name, slug: row.slug };
    case "blogPost":
      return {
        ...common,
        title: row.title,
        slug: row.slug,
        excerpt: row.excerpt,
        content: row.content,
        publishedAt: row.published_at,
        image: mediaResponse(ctx, row.image_id),
        tags: async () => ({
          data: ((await ctx.loaders.tagsOfPost.load(row.id)) ?? []).map((t) => entity(ctx, "tag", t)),
        }),
      };
    case "project":
      return {
        ...common,
        title: row.title,
        slug: row.slug,
        excerpt: row.excerpt,
        content: row.content,
        publishedAt: row.published_at,
        image: mediaResponse(ctx, row.image_id),
      };
    case "page":
      return { ...common, title: row.title, slug: row.slug, description: row.description, content: row.content };
  }
}

function entity(ctx: CmsContext, name: EntityName, row: Row) {
  return { id: String(row.id), attributes: attributes(ctx, name, row) };
}

interface CollectionArgs {
  filters?: Record<string, unknown> | null;
  pagination?: Record<string, number> | null;
  sort?: (string | null)[] | null;
  locale?: string | null;
}

function localeSql(locale: string | null | undefined, alias: string, params: unknown[]): string {
  if (locale === "all") return "1 = 1";
  params.push(locale || "en");
  return `${alias}.locale = ?${params.length}`;
}

async function collection(ctx: CmsContext, name: EntityName, args: CollectionArgs) {
  const config = entities[name];
  const params: unknown[] = [];
  const where = `${localeSql(args.locale, "e", params)} AND ${whereSql(name, args.filters, "e", params)}`;
  const window = pageWindow(args.pagination);
  const order = orderSql(name, args.sort, "e");
  const [rows, count] = await ctx.db.batch<Row | { total: number }>([
    ctx.db
      .prepare(
        `SELECT e.* FROM ${config.table} e WHERE ${where} ORDER BY ${order} LIMIT ${window.pageSize} OFFSET ${window.offset}`,
      )
      .bind(...params),
    ctx.db.prepare(`SELECT COUNT(*) AS total FROM ${config.table} e WHERE ${where}`).bind(...params),
  ]);
  const total = (count.results[0] as { total: number } | undefined)?.total ?? 0;
  return {
    data: (rows.results as Row[]).map((row) => entity(ctx, name, row)),
    meta: {
      pagination: {
        total,
        page: window.page,
        pageSize: window.pageSize,
        pageCount: Math.ceil(total / window.pageSize),
      },
    },
  };
}

export const rootValue = {
  ...singleTypeResolvers,
  categories: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "category", args),
  brands: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "brand", args),
  productLines: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "productLine", args),
  products: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "product", args),
  async product(args: { id?: string | null }, ctx: CmsContext) {
    const id = Number(args.id);
    if (!Number.isInteger(id)) throw new GraphQLError("Invalid id", { extensions: { code: "BAD_USER_INPUT" } });
    const row = await ctx.db.prepare("SELECT * FROM cms_products WHERE id = ?1").bind(id).first<Row>();
    return { data: row ? entity(ctx, "product", row) : null };
  },
  tags: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "tag", args),
  blogPosts: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "blogPost", args),
  projects: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "project", args),
  pages: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "page", args),
  me,
};
