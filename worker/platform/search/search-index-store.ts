import { indexText } from "../../../shared/search-words";
import type { NameDocument, SearchDocument } from "./search-documents";

/**
 * D1 writes to the search index (migrations/0100): a product's row in the FTS table and its
 * document row go in and out together. Each function returns statements for one batch, so a
 * caller's whole change is one transaction.
 */
export function removeProductStatements(db: D1Database, productIds: number[]): D1PreparedStatement[] {
  return productIds.flatMap((id) => [
    db.prepare("DELETE FROM search_products WHERE rowid = ?1").bind(id),
    db.prepare("DELETE FROM search_documents WHERE product_id = ?1").bind(id),
  ]);
}

export function putProductStatements(db: D1Database, documents: SearchDocument[]): D1PreparedStatement[] {
  return documents.flatMap((d) => [
    ...removeProductStatements(db, [d.productId]),
    db
      .prepare(
        `INSERT INTO search_products (rowid, name, brand, line, category, variants, description, ingredients)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`,
      )
      .bind(
        d.productId,
        d.text.name,
        d.text.brand,
        d.text.line,
        d.text.category,
        d.text.variants,
        d.text.description,
        d.text.ingredients,
      ),
    db
      .prepare(
        `INSERT INTO search_documents (product_id, slug, name, brand_name, category_slug, price, popularity, brand_id, line_id, category_id, name_ar)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)`,
      )
      .bind(
        d.productId,
        d.slug,
        d.name,
        d.brandName,
        d.categorySlug,
        d.price,
        d.popularity,
        d.brandId,
        d.lineId,
        d.categoryId,
        d.nameAr,
      ),
  ]);
}

export function removeNameStatements(db: D1Database, rowids: number[]): D1PreparedStatement[] {
  return rowids.map((rowid) => db.prepare("DELETE FROM search_names WHERE rowid = ?1").bind(rowid));
}

export function putNameStatements(db: D1Database, names: NameDocument[]): D1PreparedStatement[] {
  return names.flatMap((n) => [
    ...removeNameStatements(db, [n.rowid]),
    db
      .prepare("INSERT INTO search_names (rowid, name, kind, slug, label, label_ar) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
      .bind(
        n.rowid,
        n.nameAr ? `${indexText(n.name)} ${indexText(n.nameAr)}` : indexText(n.name),
        n.kind,
        n.slug,
        n.name,
        n.nameAr,
      ),
  ]);
}

/** Everything out, for a whole rebuild in the same batch. */
export function clearIndexStatements(db: D1Database): D1PreparedStatement[] {
  return [
    db.prepare("DELETE FROM search_products"),
    db.prepare("DELETE FROM search_documents"),
    db.prepare("DELETE FROM search_names"),
  ];
}

/** The products whose brand, line or category is this CMS entry (their text holds its name). */
export async function productsReferring(
  db: D1Database,
  column: "brand_id" | "line_id" | "category_id",
  entryId: string,
): Promise<number[]> {
  const { results } = await db
    .prepare(`SELECT product_id FROM search_documents WHERE ${column} = ?1`)
    .bind(entryId)
    .all<{ product_id: number }>();
  return results.map((r) => r.product_id);
}

/** D1 takes at most this many statements a batch comfortably; bigger changes go in several. */
export const BATCH_SIZE = 500;

export async function runInBatches(db: D1Database, statements: D1PreparedStatement[]): Promise<void> {
  for (let i = 0; i < statements.length; i += BATCH_SIZE) await db.batch(statements.slice(i, i + BATCH_SIZE));
}
