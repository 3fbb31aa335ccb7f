-- Favourite products per owner: an account (user id) or an anonymous visitor (signed cookie id).
CREATE TABLE favourites (
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('visitor', 'user')),
  owner_id TEXT NOT NULL,
  product_slug TEXT NOT NULL,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (owner_kind, owner_id, product_slug)
);
