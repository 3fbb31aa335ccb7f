-- Searches that found nothing (decision 0079), normalised, counted, for the staff desk. Kept to the
-- 1 000 most recently seen (search-misses-store.ts prunes on write).
CREATE TABLE search_misses (
  query TEXT PRIMARY KEY,
  count INTEGER NOT NULL DEFAULT 1,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
);
CREATE INDEX search_misses_count ON search_misses (count DESC, last_seen DESC);
CREATE INDEX search_misses_last_seen ON search_misses (last_seen);
