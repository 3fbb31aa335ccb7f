import type { EntityName } from "./entities";
import { BatchLoader, type CmsContext, type Row } from "./loaders";
import { CMS_DEFAULT_LOCALE } from "./locales";
import type { ReadBatch } from "./read-batch";

/**
 * Content in a locale other than the default: an entry's translated fields (cms_translations)
 * laid over its default-locale row. Per entry, as Strapi's i18n falls back: an entry with a
 * translation answers in that locale (its `locale` says so), one without answers as it is.
 * Only the fields an editor writes in words are translatable; prices, SKUs, slugs and
 * relations are the entry's in every locale. A product's variants (a component) have their names
 * translated too, read with the variants themselves (loaders.ts `productVariantsIn`).
 */
export const LOCALIZED_FIELDS: Record<EntityName, readonly string[]> = {
  category: ["name", "description"],
  brand: ["description"],
  productLine: ["name"],
  product: ["name", "description", "ingredients", "how_to_use", "volume"],
  tag: ["name"],
  blogPost: ["title", "excerpt", "content"],
  project: ["title", "excerpt", "content"],
  page: ["title", "description", "content"],
};

type Fields = Map<string, string>;

/** One batch loader per (model, locale) for the request: a page of entries costs one query, read with the loaders' (read-batch.ts). */
export function createTranslationLoaders(reads: ReadBatch) {
  const loaders = new Map<string, BatchLoader<number, Fields>>();
  return (model: string, locale: string): BatchLoader<number, Fields> => {
    const key = `${model}:${locale}`;
    let loader = loaders.get(key);
    if (!loader) {
      loader = new BatchLoader<number, Fields>(async (ids) => {
        const { results } = await reads.all<{ entry_id: number; field: string; value: string }>(
          `SELECT entry_id, field, value FROM cms_translations
            WHERE model = ?1 AND locale = ?2 AND entry_id IN (SELECT value FROM json_each(?3))`,
          model,
          locale,
          JSON.stringify(ids),
        );
        const found = new Map<number, Fields>();
        for (const r of results) {
          const fields = found.get(r.entry_id) ?? new Map<string, string>();
          fields.set(r.field, r.value);
          found.set(r.entry_id, fields);
        }
        return found;
      });
      loaders.set(key, loader);
    }
    return loader;
  };
}

export type TranslationLoaders = CmsContext["translations"];

/** The rows as `locale` shows them: translated fields over the default's, `locale` per entry. */
export async function localize<R extends Row>(
  translations: TranslationLoaders,
  model: EntityName,
  rows: R[],
  locale: string | null | undefined,
): Promise<R[]> {
  if (!locale || locale === CMS_DEFAULT_LOCALE || locale === "all" || rows.length === 0) return rows;
  const loader = translations(model, locale);
  const found = await Promise.all(rows.map((row) => loader.load(row.id)));
  return rows.map((row, i) => {
    const fields = found[i];
    if (!fields || fields.size === 0) return row;
    const translated: Record<string, unknown> = { ...row, locale };
    for (const field of LOCALIZED_FIELDS[model]) {
      const value = fields.get(field);
      if (value !== undefined) translated[field] = value;
    }
    return translated as R;
  });
}
