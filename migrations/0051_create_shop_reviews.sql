-- Reviews of the shop (not of a product), shown on /reviews once approved.
-- New reviews wait as 'pending' unless AUTO_APPROVE_REVIEWS is "true".
CREATE TABLE shop_reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  public_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  dedupe_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  approved_at TEXT
);
CREATE INDEX shop_reviews_status ON shop_reviews (status, created_at);
CREATE INDEX shop_reviews_fingerprint ON shop_reviews (fingerprint, created_at);

-- A review's avatar and photos (the files are in R2 under object_key; served by /reviews/media/{id}).
CREATE TABLE shop_review_media (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  review_id INTEGER NOT NULL REFERENCES shop_reviews (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('avatar', 'photo')),
  object_key TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif')),
  size INTEGER NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX shop_review_media_review ON shop_review_media (review_id, role, position);
