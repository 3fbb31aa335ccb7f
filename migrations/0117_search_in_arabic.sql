-- Search in Arabic too (docs/search.md): a product's and a category's Arabic name, shown by the header's
-- suggestions on Arabic pages (the index's words hold both languages), and the version of the text
-- normaliser (shared/search-words.ts NORMALISER_VERSION) the index was built with: the first search
-- after a change of it rebuilds the index (NULL here: this migration's first search does).
ALTER TABLE search_documents ADD COLUMN name_ar TEXT;

-- FTS5 tables take no new columns: the names table is made again (the rebuild fills it).
DROP TABLE search_names;
CREATE VIRTUAL TABLE search_names USING fts5(
  name, kind UNINDEXED, slug UNINDEXED, label UNINDEXED, label_ar UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 0',
  prefix = '2 3'
);

ALTER TABLE search_state ADD COLUMN normaliser INTEGER;
