-- The embedded CMS's content in locales other than the default (decision 0089): one row per translated
-- field of one entry. An entry keeps one id in every locale; asked for in a locale, it answers with
-- its translated fields over its default-locale row, and where it has none, as it is (the per-entry
-- fallback, docs/decisions/0089). Read by (model, locale, a page's entry ids): the primary key's
-- order, so the lookup is one index range per entry. Only worker/cms/ reads this table.
CREATE TABLE cms_translations (
  model TEXT NOT NULL,
  locale TEXT NOT NULL,
  entry_id INTEGER NOT NULL,
  field TEXT NOT NULL,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (model, locale, entry_id, field)
) WITHOUT ROWID;
