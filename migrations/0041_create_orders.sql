-- Orders and their lines, written in one batch from the server-side bag.
CREATE TABLE orders (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  number TEXT NOT NULL UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  user_id INTEGER,
  visitor_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('new', 'awaiting_payment', 'paid', 'processing', 'shipped', 'completed', 'cancelled')),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  delivery_method TEXT NOT NULL CHECK (delivery_method IN ('transport', 'pickup')),
  address TEXT,
  city TEXT,
  region TEXT,
  postcode TEXT,
  notes TEXT,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'online')),
  payment_reference TEXT,
  subtotal INTEGER NOT NULL,
  delivery_fee INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  total INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'AED',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_payment_reference ON orders (payment_reference);

CREATE TABLE order_lines (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  product_slug TEXT NOT NULL,
  product_path TEXT NOT NULL,
  name TEXT NOT NULL,
  brand TEXT,
  unit_price INTEGER NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  line_total INTEGER NOT NULL,
  prepurchase INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (order_id, position)
);

-- Payment provider events already handled, so a webhook retried by the provider is harmless.
CREATE TABLE payment_events (
  event_id TEXT PRIMARY KEY,
  order_id INTEGER,
  kind TEXT NOT NULL,
  received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
