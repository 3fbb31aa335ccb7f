import { matchExpression } from "../../../shared/search-words";

/**
 * Products for index words, best first: those with every word above those with some, those with
 * every word in their name above the rest, then by bm25 with column weights (a word in the name counts most, then brand and line, category and
 * shades, the description, ingredients least), then popularity: bm25 is taken relative to the best
 * match, in steps of 5%, so products that match about as well are ordered by popularity rather than
 * by the length of their descriptions. "Some words" leaves out words of one or two letters and
 * numbers ("c", "30"), which alone would match half the catalogue.
 */
const WEIGHTS = "10.0, 5.0, 5.0, 3.0, 3.0, 1.0, 0.5";

/** Products matching ?1, the relative relevance column `tier` (20 best) and the product id. */
const HITS = `hits AS MATERIALIZED (
  SELECT rowid AS id, bm25(search_products, ${WEIGHTS}) AS score FROM search_products WHERE search_products MATCH ?1
), ranked AS (
  SELECT id, round(20.0 * score / (SELECT min(score) FROM hits)) AS tier FROM hits
)`;

/** The words "some words" looks for (see above). */
export function someWords(words: string[]): string[] {
  const telling = words.filter((w) => w.length >= 3 && !/^\p{N}+$/u.test(w));
  return telling.length > 0 ? telling : words;
}

export interface IndexCounts {
  /** Products with at least one of the words. */
  total: number;
  /** Products with every word. */
  everyWord: number;
}

export interface IndexHits extends IndexCounts {
  slugs: string[];
}

/** How many products have every word (`every_word`), and how many some (`total`), as one statement. */
export function countStatement(db: D1Database, words: string[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT (SELECT count(*) FROM search_products WHERE search_products MATCH ?1) AS every_word,
              (SELECT count(*) FROM search_products WHERE search_products MATCH ?2) AS total`,
    )
    .bind(matchExpression(words, "all"), matchExpression(someWords(words), "any"));
}

export function readCounts(result: D1Result<unknown> | undefined): IndexCounts {
  const row = result?.results[0] as { every_word?: number; total?: number } | undefined;
  return { total: row?.total ?? 0, everyWord: row?.every_word ?? 0 };
}

/** One page of the products' slugs, best first, as one statement (see the comment above). */
export function rankStatement(db: D1Database, words: string[], page: number, pageSize: number): D1PreparedStatement {
  const all = matchExpression(words, "all");
  return db
    .prepare(
      `WITH ${HITS}, every AS (SELECT rowid AS id FROM search_products WHERE search_products MATCH ?2),
       named AS (SELECT rowid AS id FROM search_products WHERE search_products MATCH ?5)
       SELECT d.slug AS slug FROM ranked AS r JOIN search_documents AS d ON d.product_id = r.id
       ORDER BY (r.id IN (SELECT id FROM every)) DESC, (r.id IN (SELECT id FROM named)) DESC, r.tier DESC,
                d.popularity DESC, d.product_id
       LIMIT ?3 OFFSET ?4`,
    )
    .bind(matchExpression(someWords(words), "any"), all, pageSize, (page - 1) * pageSize, `name : (${all})`);
}

export function readSlugs(result: D1Result<unknown> | undefined): string[] {
  return ((result?.results ?? []) as { slug: string }[]).map((r) => r.slug);
}

export interface IndexSuggestion {
  kind: "product" | "brand" | "category";
  name: string;
  /** The Arabic name, when the entry has one of its own (migrations/0117_search_in_arabic.sql). */
  nameAr: string | null;
  slug: string;
  brandName: string | null;
  /** The brand's slug, from the names the index holds (null when it holds none for it): what a sale is on. */
  brandSlug: string | null;
  categorySlug: string | null;
  price: number | null;
}

/** Up to `products` products with every word (the last a prefix), then up to `names` brands and categories. */
export async function suggestFromIndex(
  db: D1Database,
  words: string[],
  products: number,
  names: number,
): Promise<IndexSuggestion[]> {
  if (words.length === 0) return [];
  const all = matchExpression(words, "all");
  const [productRows, nameRows] = await db.batch<Record<string, string | number | null>>([
    db
      .prepare(
        `WITH ${HITS}, named AS (SELECT rowid AS id FROM search_products WHERE search_products MATCH ?3)
         SELECT d.name AS name, d.name_ar AS name_ar, d.slug AS slug, d.brand_name AS brand_name, d.category_slug AS category_slug, d.price AS price,
                (SELECT n.slug FROM search_names AS n WHERE n.rowid = CAST(d.brand_id AS INTEGER) AND n.kind = 'brand') AS brand_slug
         FROM ranked AS r JOIN search_documents AS d ON d.product_id = r.id
         ORDER BY (r.id IN (SELECT id FROM named)) DESC, r.tier DESC, d.popularity DESC, d.product_id
         LIMIT ?2`,
      )
      .bind(all, products, `name : (${all})`),
    db
      .prepare(
        `SELECT label AS name, label_ar AS name_ar, kind, slug FROM search_names WHERE search_names MATCH ?1
         ORDER BY kind = 'category' DESC, rank LIMIT ?2`,
      )
      .bind(`name : (${all})`, names),
  ]);
  return [
    ...(nameRows?.results ?? []).map((r) => ({
      kind: r.kind === "brand" ? ("brand" as const) : ("category" as const),
      name: String(r.name),
      nameAr: r.name_ar === null ? null : String(r.name_ar),
      slug: String(r.slug),
      brandName: null,
      brandSlug: null,
      categorySlug: null,
      price: null,
    })),
    ...(productRows?.results ?? []).map((r) => ({
      kind: "product" as const,
      name: String(r.name),
      nameAr: r.name_ar === null ? null : String(r.name_ar),
      slug: String(r.slug),
      brandName: r.brand_name === null ? null : String(r.brand_name),
      brandSlug: r.brand_slug === null ? null : String(r.brand_slug),
      categorySlug: r.category_slug === null ? null : String(r.category_slug),
      price: Number(r.price),
    })),
  ];
}
