import { DEFAULT_LOCALE } from "../../../shared/constants";
import type { ShopBindings } from "../app-env";
import type { EntryChange } from "../cms-client/change-tags";
import { CATEGORY_ROWID_BASE, loadNameDocuments, loadSearchDocuments } from "./search-documents";
import {
  productsReferring,
  putNameStatements,
  putProductStatements,
  removeNameStatements,
  removeProductStatements,
  runInBatches,
} from "./search-index-store";

/**
 * The CMS webhook's part in search: the entries that changed are read again from the CMS and
 * their index rows replaced, before the webhook answers, so the next request finds the change.
 * A product that is gone, unpublished or not found is taken out. A brand, line or category
 * changes the text of its products: those are reindexed too. A change in another locale reindexes
 * the same products (their row holds both languages' words): a real Strapi gives a localization its
 * own id, so a product or a category changed in Arabic is found by its slug, the same in every locale.
 */

/** The index's own id for an entry changed in another locale (found by slug), else the webhook's id. */
async function indexedIds(db: D1Database, change: EntryChange): Promise<number[] | null> {
  if (change.locale === DEFAULT_LOCALE || change.slug === null) return null;
  const column = change.model === "product" ? "slug" : change.model === "category" ? "category_slug" : null;
  if (!column) return null;
  const { results } = await db
    .prepare(`SELECT product_id FROM search_documents WHERE ${column} = ?1`)
    .bind(change.slug)
    .all<{ product_id: number }>();
  return results.length > 0 ? results.map((r) => r.product_id) : null;
}

/** How many products and names were written or removed; null when the CMS could not answer. */
export async function reindexEntry(env: ShopBindings, change: EntryChange): Promise<number | null> {
  const { model, entryId } = change;
  if (!entryId || !/^\d{1,12}$/.test(entryId)) return 0;
  const db = env.DB;
  const bySlug = await indexedIds(db, change);
  if (model === "product") return reindexProducts(env, bySlug ?? [Number(entryId)]);
  const column =
    model === "brand" ? "brand_id" : model === "category" ? "category_id" : model === "product-line" ? "line_id" : null;
  if (!column) return 0;
  const referring = bySlug ?? (await productsReferring(db, column, entryId));
  const products = await reindexProducts(env, referring);
  if (products === null) return null;
  if (model === "product-line") return products;
  const names = await loadNameDocuments(env);
  if (!names) return null;
  const rowid = model === "brand" ? Number(entryId) : CATEGORY_ROWID_BASE + Number(entryId);
  if (change.locale !== DEFAULT_LOCALE) {
    // Another locale's entry: its default-locale entry, found by slug, is read again (never removed).
    const kind = model === "brand" ? "brand" : "category";
    const name = names.find((n) => n.kind === kind && n.slug === change.slug);
    if (name) await runInBatches(db, putNameStatements(db, [name]));
    return products + 1;
  }
  const name = names.find((n) => n.rowid === rowid);
  await runInBatches(db, name ? putNameStatements(db, [name]) : removeNameStatements(db, [rowid]));
  return products + 1;
}

const IDS_PER_QUERY = 100;

/** These products as the CMS has them now; those it does not return (deleted, unpublished) out. */
export async function reindexProducts(env: ShopBindings, productIds: number[]): Promise<number | null> {
  let count = 0;
  for (let i = 0; i < productIds.length; i += IDS_PER_QUERY) {
    const ids = productIds.slice(i, i + IDS_PER_QUERY);
    const documents = await loadSearchDocuments(env, { id: { in: ids.map(String) } });
    if (!documents) return null;
    const found = new Set(documents.map((d) => d.productId));
    await runInBatches(env.DB, [
      ...removeProductStatements(
        env.DB,
        ids.filter((id) => !found.has(id)),
      ),
      ...putProductStatements(env.DB, documents),
    ]);
    count += ids.length;
  }
  return count;
}
