-- Product reviews: a signed-in shopper (owner_kind 'user') or a guest with name and e-mail
-- (owner_kind 'visitor', the signed cookie id). Shown once status is 'approved'.
-- The text is stored as the shopper typed it and always rendered escaped.
CREATE TABLE product_reviews (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  product_id INTEGER NOT NULL,
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('visitor', 'user', 'seed')),
  owner_id TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX product_reviews_by_product ON product_reviews (product_id, status, created_at DESC);
CREATE INDEX product_reviews_by_owner ON product_reviews (owner_kind, owner_id);

-- Sample reviews, approved, for the seed's products.
INSERT INTO product_reviews (product_id, owner_kind, owner_id, author_name, author_email, rating, body, status, created_at) VALUES
  (1, 'seed', 'seed', 'Mariam A.', 'mariam@example.com', 5, 'Light, absorbs fast and my skin feels calm all day. I have bought it twice now.', 'approved', '2026-09-02T08:10:00.000Z'),
  (1, 'seed', 'seed', 'Sara K.', 'sara@example.com', 4, 'Lovely texture. The scent is strong at first but fades quickly.', 'approved', '2026-09-20T17:45:00.000Z'),
  (2, 'seed', 'seed', 'Huda R.', 'huda@example.com', 5, 'Worth every dirham. My skin feels clean and soft, never tight.', 'approved', '2026-08-14T11:00:00.000Z'),
  (3, 'seed', 'seed', 'Layla M.', 'layla@example.com', 4, 'Gentle and effective; delivery to Sharjah took one day.', 'approved', '2026-07-30T09:30:00.000Z'),
  (3, 'seed', 'seed', 'Noura S.', 'noura@example.com', 3, 'Good, though I expected a bigger bottle for the price.', 'approved', '2026-10-01T14:20:00.000Z'),
  (5, 'seed', 'seed', 'Aisha B.', 'aisha@example.com', 5, 'Cleans without drying; worth the pre-order wait.', 'approved', '2026-06-18T19:05:00.000Z'),
  (8, 'seed', 'seed', 'Fatima Z.', 'fatima@example.com', 4, 'Nice and hydrating, a little goes a long way.', 'approved', '2026-09-11T07:55:00.000Z'),
  (12, 'seed', 'seed', 'Reem H.', 'reem@example.com', 5, 'Soft skin after a week. Will buy again.', 'approved', '2026-10-05T21:40:00.000Z'),
  (15, 'seed', 'seed', 'Dana T.', 'dana@example.com', 2, 'Not for sensitive skin: it stung a little around my eyes.', 'approved', '2026-08-27T12:15:00.000Z'),
  (20, 'seed', 'seed', 'Mona F.', 'mona@example.com', 4, 'Warm and long-lasting, still there in the evening.', 'approved', '2026-10-12T10:00:00.000Z');
