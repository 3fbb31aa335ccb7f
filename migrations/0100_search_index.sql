-- The shop's own full-text index of the catalogue (decision 0079), built from the CMS's records and kept
-- in step by the CMS webhook. Text goes in already normalised by shared/search-words.ts (folded,
-- British spelling, singular), so FTS5's tokenizer only splits on spaces. The rowid is the CMS
-- product id. Column weights are given at query time (bm25): name, brand, line, category, variants,
-- description, ingredients.
CREATE VIRTUAL TABLE search_products USING fts5(
  name, brand, line, category, variants, description, ingredients,
  tokenize = 'unicode61 remove_diacritics 0',
  prefix = '2 3'
);

-- What a result needs without asking the CMS: the product's slug for its card, popularity for
-- ranking, the ids of its brand, line and category (a rename reindexes their products), and
-- name, brand, price and category slug for the header's suggestions.
CREATE TABLE search_documents (
  product_id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  brand_name TEXT,
  category_slug TEXT,
  price REAL NOT NULL,
  popularity INTEGER NOT NULL DEFAULT 0,
  brand_id TEXT,
  line_id TEXT,
  category_id TEXT
);
CREATE INDEX search_documents_brand ON search_documents (brand_id);
CREATE INDEX search_documents_line ON search_documents (line_id);
CREATE INDEX search_documents_category ON search_documents (category_id);

-- Brands and categories, for suggestions. rowid: brands their CMS id, categories 1 000 000 + theirs.
CREATE VIRTUAL TABLE search_names USING fts5(
  name, kind UNINDEXED, slug UNINDEXED, label UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 0',
  prefix = '2 3'
);

-- Every word the product index holds, with how many products hold it: the typo correction's candidates.
CREATE VIRTUAL TABLE search_vocabulary USING fts5vocab(search_products, 'row');

-- One row: when the index was last built whole (NULL: never, or marked stale by a seed or by
-- `npm run search:reindex`), and since when a request is building it (a lease, so concurrent
-- first searches build it once).
CREATE TABLE search_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  built_at INTEGER,
  building_since INTEGER
);
INSERT INTO search_state (id, built_at, building_since) VALUES (1, NULL, NULL);
