import { GraphQLError } from "graphql";
import { type EntityName, entities } from "./entities";
import { orderSql, pageWindow, whereSql } from "./filters";
import type { CmsContext, Row } from "./loaders";
import { CMS_DEFAULT_LOCALE } from "./locales";
import { me } from "./me";
import { mediaEntity } from "./media-entity";
import { singleTypeResolvers } from "./single-types";
import { localize } from "./translations";

/**
 * Resolvers of the embedded CMS. Entities are returned as plain objects in
 * Strapi's envelope; relation fields are functions, which graphql-js's default
 * resolver calls only when the query asks for them.
 */

function mediaResponse(ctx: CmsContext, id: unknown) {
  return async () => ({ data: typeof id === "number" ? mediaEntity(await ctx.loaders.media.load(id)) : null });
}

/** A related entry, in the locale its parent was asked for (Strapi: the relation's localization). */
function single(ctx: CmsContext, name: EntityName, id: unknown, locale: Locale) {
  return async () => {
    if (typeof id !== "number") return { data: null };
    const loader = ctx.loaders[name as "brand" | "productLine" | "category"];
    const row = await loader.load(id);
    if (!row) return { data: null };
    const [shown] = await localize(ctx.translations, name, [row], locale);
    return { data: entity(ctx, name, shown as Row, locale) };
  };
}

/** Related entries (a brand's lines, a post's tags), in the parent's locale. */
async function many(ctx: CmsContext, name: EntityName, rows: Row[] | undefined, locale: Locale) {
  return {
    data: (await localize(ctx.translations, name, rows ?? [], locale)).map((r) => entity(ctx, name, r, locale)),
  };
}

/** The locale a query asked for (null: the default), handed down to its relations. */
type Locale = string | null | undefined;

/** The attributes of one row of an entity, relations as lazy functions. */
function attributes(ctx: CmsContext, name: EntityName, row: Row, locale: Locale): Record<string, unknown> {
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
        productLines: async () => many(ctx, "productLine", await ctx.loaders.linesOfBrand.load(row.id), locale),
      };
    case "productLine":
      return { ...common, name: row.name, slug: row.slug, brand: single(ctx, "brand", row.brand_id, locale) };
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
        brand: single(ctx, "brand", row.brand_id, locale),
        line: single(ctx, "productLine", row.line_id, locale),
        category: single(ctx, "category", row.category_id, locale),
        images: async (args: { pagination?: Record<string, number> }) => {
          const all = (await ctx.loaders.productImages.load(row.id)) ?? [];
          const window = pageWindow(args.pagination ?? { limit: 100 });
          return { data: all.slice(window.offset, window.offset + window.pageSize).map((m) => mediaEntity(m)) };
        },
        variants: async (args: { pagination?: Record<string, number> }) => {
          // Each shade's and size's name in the locale asked for, where the editor gave one.
          const all =
            (await (locale && locale !== CMS_DEFAULT_LOCALE && locale !== "all"
              ? ctx.loaders.productVariantsIn(locale)
              : ctx.loaders.productVariants
            ).load(row.id)) ?? [];
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
        tags: async () => many(ctx, "tag", await ctx.loaders.tagsOfPost.load(row.id), locale),
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

function entity(ctx: CmsContext, name: EntityName, row: Row, locale: Locale) {
  return { id: String(row.id), attributes: attributes(ctx, name, row, locale) };
}

interface CollectionArgs {
  filters?: Record<string, unknown> | null;
  pagination?: Record<string, number> | null;
  sort?: (string | null)[] | null;
  locale?: string | null;
}

/**
 * Every entry has its row in the default locale; another locale is a translation over that row
 * (translations.ts), so any locale lists the default's rows and localize() shows them.
 */
function localeSql(locale: Locale, alias: string, params: unknown[]): string {
  if (locale === "all") return "1 = 1";
  params.push(CMS_DEFAULT_LOCALE);
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
  const shown = await localize(ctx.translations, name, rows.results as Row[], args.locale);
  return {
    data: shown.map((row) => entity(ctx, name, row, args.locale)),
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
    return { data: row ? entity(ctx, "product", row, null) : null };
  },
  tags: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "tag", args),
  blogPosts: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "blogPost", args),
  projects: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "project", args),
  pages: (args: CollectionArgs, ctx: CmsContext) => collection(ctx, "page", args),
  me,
};
