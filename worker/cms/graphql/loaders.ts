import type { CmsUserRow } from "../auth/user-store";
import type { ReadBatch } from "./read-batch";

/**
 * Per-request batching of relation lookups: every id asked for in the same
 * tick is fetched with one query, so a product list costs a handful of
 * queries, not one per product.
 */
export class BatchLoader<K extends string | number, V> {
  private cache = new Map<K, Promise<V | undefined>>();
  private queue: { key: K; resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[] = [];

  constructor(private readonly fetchMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      if (this.queue.length === 1) queueMicrotask(() => void this.flush());
    });
    this.cache.set(key, promise);
    return promise;
  }

  private async flush(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    try {
      const found = await this.fetchMany([...new Set(batch.map((b) => b.key))]);
      for (const item of batch) item.resolve(found.get(item.key));
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }
}

/** Rows of `table` by id, as a map. */
export function rowsById<T extends { id: number }>(reads: ReadBatch, sql: string) {
  return async (ids: number[]): Promise<Map<number, T>> => {
    const { results } = await reads.all<T>(sql, JSON.stringify(ids));
    return new Map(results.map((row) => [row.id, row]));
  };
}

/** Rows grouped by a parent id, as a map of lists. */
export function rowsByParent<T extends { parent_id: number }>(reads: ReadBatch, sql: string, ...params: unknown[]) {
  return async (ids: number[]): Promise<Map<number, T[]>> => {
    const { results } = await reads.all<T>(sql, JSON.stringify(ids), ...params);
    const map = new Map<number, T[]>();
    for (const row of results) map.set(row.parent_id, [...(map.get(row.parent_id) ?? []), row]);
    return map;
  };
}

export interface MediaRow {
  id: number;
  name: string;
  url: string;
  alternative_text: string | null;
  width: number | null;
  height: number | null;
  mime: string;
}
export type Row = Record<string, unknown> & { id: number };

/**
 * The loaders one GraphQL request uses: media, brands, lines, categories, images, variants, tags,
 * counts. Their reads go through the request's ReadBatch: those asked in one tick are one D1 call.
 */
/** One loader per locale, made on first use in the request. */
function perLocale<L>(make: (locale: string) => L): (locale: string) => L {
  const made = new Map<string, L>();
  return (locale) => {
    let loader = made.get(locale);
    if (!loader) {
      loader = make(locale);
      made.set(locale, loader);
    }
    return loader;
  };
}

export function createLoaders(reads: ReadBatch) {
  const byIds = (table: string, columns = "*") =>
    new BatchLoader<number, Row>(
      rowsById<Row>(reads, `SELECT ${columns} FROM ${table} WHERE id IN (SELECT value FROM json_each(?1))`),
    );
  return {
    media: new BatchLoader<number, MediaRow>(
      rowsById<MediaRow>(
        reads,
        "SELECT id, name, url, alternative_text, width, height, mime FROM cms_media WHERE id IN (SELECT value FROM json_each(?1))",
      ),
    ),
    brand: byIds("cms_brands"),
    productLine: byIds("cms_product_lines"),
    category: byIds("cms_categories"),
    productImages: new BatchLoader<number, (MediaRow & { parent_id: number })[]>(
      rowsByParent<MediaRow & { parent_id: number }>(
        reads,
        `SELECT pi.product_id AS parent_id, m.id, m.name, m.url, m.alternative_text, m.width, m.height, m.mime
         FROM cms_product_images pi JOIN cms_media m ON m.id = pi.media_id
         WHERE pi.product_id IN (SELECT value FROM json_each(?1)) ORDER BY pi.product_id, pi.position`,
      ),
    ),
    // The repeatable component product.variant, in the order the editor put them.
    productVariants: new BatchLoader<number, (Row & { parent_id: number })[]>(
      rowsByParent<Row & { parent_id: number }>(
        reads,
        `SELECT product_id AS parent_id, * FROM cms_product_variants
         WHERE product_id IN (SELECT value FROM json_each(?1)) ORDER BY product_id, position`,
      ),
    ),
    // The same, each name in a locale where translated (cms_translations' `productVariant` rows), in the same read.
    productVariantsIn: perLocale(
      (locale) =>
        new BatchLoader<number, (Row & { parent_id: number })[]>(
          rowsByParent<Row & { parent_id: number }>(
            reads,
            `SELECT v.product_id AS parent_id, v.id, v.product_id, v.position, v.kind, v.sku, v.price, v.old_price,
                    v.swatch, v.image_id, v.availability, COALESCE(t.value, v.name) AS name
             FROM cms_product_variants v
             LEFT JOIN cms_translations t
               ON t.model = 'productVariant' AND t.locale = ?2 AND t.entry_id = v.id AND t.field = 'name'
             WHERE v.product_id IN (SELECT value FROM json_each(?1)) ORDER BY v.product_id, v.position`,
            locale,
          ),
        ),
    ),
    linesOfBrand: new BatchLoader<number, (Row & { parent_id: number })[]>(
      rowsByParent<Row & { parent_id: number }>(
        reads,
        // Strapi lists a relation in the order it was made (ids here), not by name.
        "SELECT brand_id AS parent_id, * FROM cms_product_lines WHERE brand_id IN (SELECT value FROM json_each(?1)) ORDER BY brand_id, id",
      ),
    ),
    // In the order the post lists them: the first is its primary topic (its canonical path).
    tagsOfPost: new BatchLoader<number, (Row & { parent_id: number })[]>(
      rowsByParent<Row & { parent_id: number }>(
        reads,
        `SELECT pt.post_id AS parent_id, t.* FROM cms_blog_post_tags pt JOIN cms_tags t ON t.id = pt.tag_id
         WHERE pt.post_id IN (SELECT value FROM json_each(?1)) ORDER BY pt.post_id, pt.rowid`,
      ),
    ),
    productCount: new BatchLoader<number, number>(async (ids) => {
      const { results } = await reads.all<{ id: number; n: number }>(
        "SELECT category_id AS id, COUNT(*) AS n FROM cms_products WHERE category_id IN (SELECT value FROM json_each(?1)) GROUP BY category_id",
        JSON.stringify(ids),
      );
      return new Map(results.map((r) => [r.id, r.n]));
    }),
    brandProductCount: new BatchLoader<number, number>(async (ids) => {
      const { results } = await reads.all<{ id: number; n: number }>(
        "SELECT brand_id AS id, COUNT(*) AS n FROM cms_products WHERE brand_id IN (SELECT value FROM json_each(?1)) GROUP BY brand_id",
        JSON.stringify(ids),
      );
      return new Map(results.map((r) => [r.id, r.n]));
    }),
  };
}

/** What every resolver gets: the database, this request's loaders, and who sent it (null: anonymous). */
export interface CmsContext {
  db: D1Database;
  loaders: ReturnType<typeof createLoaders>;
  /** An entry's translated fields by (model, locale), batched per request (translations.ts). */
  translations: (model: string, locale: string) => BatchLoader<number, Map<string, string>>;
  user: CmsUserRow | null;
}
