-- Bags: one per anonymous visitor (signed cookie id) or per signed-in user.
CREATE TABLE carts (
  id TEXT PRIMARY KEY,
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('visitor', 'user')),
  owner_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (owner_kind, owner_id)
);

-- A line remembers the price and availability the shopper saw when adding, so a
-- change since then can be shown before they pay. Money is in fils (1 AED = 100 fils).
CREATE TABLE cart_lines (
  cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_slug TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  price_seen INTEGER NOT NULL,
  availability_seen TEXT NOT NULL,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (cart_id, product_slug)
);
