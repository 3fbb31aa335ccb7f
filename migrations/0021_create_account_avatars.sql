-- The storefront's record of a shopper's avatar (the file itself is in R2 under object_key).
-- Keyed by the CMS user id, so it works the same with the embedded CMS and a real Strapi.
CREATE TABLE account_avatars (
  user_id INTEGER PRIMARY KEY,
  object_key TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
