import { GraphQLError } from "graphql";
import { MENU_SUBLINK_LIMIT } from "../../../shared/constants";
import { type EntityName, entities, orderSql, pageWindow, whereSql } from "./filters";
import { BatchLoader, rowsById, rowsByParent } from "./loaders";

/**
 * Resolvers of the embedded CMS. Entities are returned as plain objects in
 * Strapi's envelope; relation fields are functions, which graphql-js's default
 * resolver calls only when the query asks for them.
 */
interface MediaRow {
  id: number;
  name: string;
  url: string;
  alternative_text: string | null;
  width: number | null;
  height: number | null;
  mime: string;
}
type Row = Record<string, unknown> & { id: number };

export interface CmsContext {
  db: D1Database;
  loaders: ReturnType<typeof createLoaders>;
}

export function createLoaders(db: D1Database) {
  const byIds = (table: string, columns = "*") =>
    new BatchLoader<number, Row>(
      rowsById<Row>(db, `SELECT ${columns} FROM ${table} WHERE id IN (SELECT value FROM json_each(?1))`),
    );
  return {
    media: new BatchLoader<number, MediaRow>(
      rowsById<MediaRow>(
        db,
        "SELECT id, name, url, alternative_text, width, height, mime FROM cms_media WHERE id IN (SELECT value FROM json_each(?1))",
      ),
    ),
    brand: byIds("cms_brands"),
    productLine: byIds("cms_product_lines"),
    category: byIds("cms_categories"),
    productImages: new BatchLoader<number, (MediaRow & { parent_id: number })[]>(
      rowsByParent<MediaRow & { parent_id: number }>(
        db,
        `SELECT pi.product_id AS parent_id, m.id, m.name, m.url, m.alternative_text, m.width, m.height, m.mime
         FROM cms_product_images pi JOIN cms_media m ON m.id = pi.media_id
         WHERE pi.product_id IN (SELECT value FROM json_each(?1)) ORDER BY pi.product_id, pi.position`,
      ),
    ),
    linesOfBrand: new BatchLoader<number, (Row & { parent_id: number })[]>(
      rowsByParent<Row & { parent_id: number }>(
        db,
        // Strapi lists a relation in the order it was made (ids here), not by name.
        "SELECT brand_id AS parent_id, * FROM cms_product_lines WHERE brand_id IN (SELECT value FROM json_each(?1)) ORDER BY brand_id, id",
      ),
    ),
    // In the order the post lists them: the first is its primary topic (its canonical path).
    tagsOfPost: new BatchLoader<number, (Row & { parent_id: number })[]>(
      rowsByParent<Row & { parent_id: number }>(
        db,
        `SELECT pt.post_id AS parent_id, t.* FROM cms_blog_post_tags pt JOIN cms_tags t ON t.id = pt.tag_id
         WHERE pt.post_id IN (SELECT value FROM json_each(?1)) ORDER BY pt.post_id, pt.rowid`,
      ),
    ),
    productCount: new BatchLoader<number, number>(async (ids) => {
      const { results } = await db
        .prepare(
          "SELECT category_id AS id, COUNT(*) AS n FROM cms_products WHERE category_id IN (SELECT value FROM json_each(?1)) GROUP BY category_id",
        )
        .bind(JSON.stringify(ids))
        .all<{ id: number; n: number }>();
      return new Map(results.map((r) => [r.id, r.n]));
    }),
  };
}

function mediaEntity(row: MediaRow | undefined) {
  if (!row) return null;
  const ext = row.name.includes(".") ? `.${row.name.split(".").pop()}` : null;
  return {
    id: String(row.id),
    attributes: {
      name: row.name,
      alternativeText: row.alternative_text,
      caption: null,
      width: row.width,
      height: row.height,
      formats: null,
      ext,
      mime: row.mime,
      size: null,
      url: row.url,
      provider: "local",
    },
  };
}

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

/** Repeatable components take Strapi's pagination; sublinks of the main menu are capped at 50. */
function components<T>(list: T[] | undefined, pagination: Record<string, number> | undefined, cap = 100): T[] {
  const window = pageWindow(pagination && Object.keys(pagination).length ? pagination : { limit: 10 });
  return (list ?? []).slice(window.offset, window.offset + Math.min(window.pageSize, cap));
}

interface MenuItemData {
  id: string;
  sublinks?: Record<string, unknown>[];
  [key: string]: unknown;
}

function menuItems(items: MenuItemData[] | undefined, withGroup: boolean) {
  return (args: { pagination?: Record<string, number> }) =>
    components(items, args.pagination).map((item) => ({
      ...item,
      sublinks: (a: { pagination?: Record<string, number> }) =>
        components(item.sublinks, a.pagination, MENU_SUBLINK_LIMIT).map((link, i) => ({
          id: String(i + 1),
          ...link,
          group: withGroup ? (link.group ?? null) : null,
        })),
    }));
}

async function singleType(ctx: CmsContext, kind: string, locale: string | null | undefined) {
  const row = await ctx.db
    // Strapi keeps each single type in its own table, one row per locale: the first is id 1.
    .prepare(
      `SELECT (SELECT COUNT(*) FROM cms_single_types o WHERE o.kind = s.kind AND o.rowid <= s.rowid) AS id,
              data, updated_at, locale
         FROM cms_single_types s WHERE kind = ?1 AND locale = ?2`,
    )
    .bind(kind, locale && locale !== "all" ? locale : "en")
    .first<{ id: number; data: string; updated_at: string; locale: string }>();
  if (!row) return null;
  return {
    id: String(row.id),
    data: JSON.parse(row.data) as Record<string, unknown>,
    updatedAt: row.updated_at,
    locale: row.locale,
  };
}

type LocaleArgs = { locale?: string | null };

export const rootValue = {
  async contact(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "contact", args.locale);
    if (!found) return { data: null };
    const d = found.data as Record<string, unknown> & {
      logotype?: { url: string } | null;
      icon?: { url: string } | null;
    };
    const mediaByUrl = async (media: { url: string } | null | undefined) => {
      if (!media) return { data: null };
      const row = await ctx.db
        .prepare("SELECT id, name, url, alternative_text, width, height, mime FROM cms_media WHERE url = ?1")
        .bind(media.url)
        .first<MediaRow>();
      return {
        data: row ? mediaEntity(row) : { id: "0", attributes: { ...media, name: media.url, mime: "image/svg+xml" } },
      };
    };
    return {
      data: {
        id: found.id,
        attributes: {
          ...d,
          locale: found.locale,
          updatedAt: found.updatedAt,
          logotype: () => mediaByUrl(d.logotype),
          icon: () => mediaByUrl(d.icon),
        },
      },
    };
  },
  async menu(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "menu", args.locale);
    if (!found) return { data: null };
    const d = found.data as { menu?: MenuItemData[]; button?: unknown };
    return {
      data: {
        id: found.id,
        attributes: {
          locale: found.locale,
          updatedAt: found.updatedAt,
          button: d.button ?? null,
          menu: menuItems(d.menu, true),
        },
      },
    };
  },
  async footerMenu(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "footer-menu", args.locale);
    if (!found) return { data: null };
    const d = found.data as {
      menu?: MenuItemData[];
      button?: unknown;
      slogan?: string;
      copyrights?: string;
      policyLink?: string;
    };
    return {
      data: {
        id: found.id,
        attributes: {
          locale: found.locale,
          updatedAt: found.updatedAt,
          slogan: d.slogan ?? null,
          copyrights: d.copyrights ?? null,
          policyLink: d.policyLink ?? null,
          button: d.button ?? null,
          menu: menuItems(d.menu, false),
        },
      },
    };
  },
  async topMenu(args: LocaleArgs, ctx: CmsContext) {
    const found = await singleType(ctx, "top-menu", args.locale);
    if (!found) return { data: null };
    const d = found.data as { menu?: MenuItemData[] };
    return {
      data: {
        id: found.id,
        attributes: { locale: found.locale, updatedAt: found.updatedAt, menu: menuItems(d.menu, false) },
      },
    };
  },
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
};
