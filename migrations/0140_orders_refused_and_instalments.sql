-- The orders table rebuilt, because SQLite changes a CHECK only so: status 'refused' (a cash parcel
-- refused at the door, set by staff after 'shipped') and payment methods 'tabby' and 'tamara'
-- (instalments). Every column, default, generated search key and index of 0041, 0080, 0083, 0110,
-- 0120 and 0135 is kept as it was, in the same order.
--
-- D1 runs a migration with foreign keys on and cannot turn them off inside its transaction; the
-- implicit DELETE of `DROP TABLE orders` fires ON DELETE CASCADE on order_lines, order_events and
-- order_discounts even with defer_foreign_keys on. So their rows are kept aside first and put back
-- once the new orders table has taken the old one's name (their REFERENCES orders clauses name it).
-- Checked on data in tests/worker/migrations-on-data.test.ts.
PRAGMA defer_foreign_keys = true;

CREATE TABLE orders_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  number TEXT NOT NULL UNIQUE,
  idempotency_key TEXT NOT NULL UNIQUE,
  user_id INTEGER,
  visitor_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('new', 'awaiting_payment', 'paid', 'processing', 'shipped', 'completed', 'cancelled', 'refused')),
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
  payment_method TEXT NOT NULL CHECK (payment_method IN ('cash', 'online', 'tabby', 'tamara')),
  payment_reference TEXT,
  subtotal INTEGER NOT NULL,
  delivery_fee INTEGER NOT NULL,
  vat INTEGER NOT NULL,
  total INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'AED',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  version INTEGER NOT NULL DEFAULT 1,
  change_id TEXT,
  carrier TEXT,
  tracking_number TEXT,
  search_name TEXT AS (lower(first_name || ' ' || last_name)) VIRTUAL,
  search_last_name TEXT AS (lower(last_name)) VIRTUAL,
  phone_digits TEXT AS (
    replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
  ) VIRTUAL,
  phone_key TEXT AS (
    CASE
      WHEN phone_digits LIKE '00971%' THEN substr(phone_digits, 6)
      WHEN phone_digits LIKE '971%' THEN substr(phone_digits, 4)
      WHEN phone_digits LIKE '0%' THEN substr(phone_digits, 2)
      ELSE phone_digits
    END
  ) VIRTUAL,
  locale TEXT NOT NULL DEFAULT 'en' CHECK (locale GLOB '[a-z][a-z]'),
  discount INTEGER NOT NULL DEFAULT 0,
  cod_fee INTEGER NOT NULL DEFAULT 0,
  access_token TEXT
);

INSERT INTO orders_rebuilt (
  id, number, idempotency_key, user_id, visitor_id, status, first_name, last_name, email, phone,
  delivery_method, address, city, region, postcode, notes, payment_method, payment_reference,
  subtotal, delivery_fee, vat, total, currency, created_at, updated_at, version, change_id, carrier,
  tracking_number, locale, discount, cod_fee, access_token
)
SELECT
  id, number, idempotency_key, user_id, visitor_id, status, first_name, last_name, email, phone,
  delivery_method, address, city, region, postcode, notes, payment_method, payment_reference,
  subtotal, delivery_fee, vat, total, currency, created_at, updated_at, version, change_id, carrier,
  tracking_number, locale, discount, cod_fee, access_token
FROM orders;

-- The children's rows, kept aside from the cascade.
CREATE TABLE kept_order_lines AS SELECT * FROM order_lines;
CREATE TABLE kept_order_events AS SELECT * FROM order_events;
CREATE TABLE kept_order_discounts AS SELECT * FROM order_discounts;

DROP TABLE orders;
ALTER TABLE orders_rebuilt RENAME TO orders;

INSERT INTO order_lines SELECT * FROM kept_order_lines;
INSERT INTO order_events SELECT * FROM kept_order_events;
INSERT INTO order_discounts SELECT * FROM kept_order_discounts;
DROP TABLE kept_order_lines;
DROP TABLE kept_order_events;
DROP TABLE kept_order_discounts;

-- The indexes as 0041, 0080 and 0083 left them (they went with the old table).
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_payment_reference ON orders (payment_reference);
CREATE INDEX orders_email ON orders (email);
CREATE INDEX orders_phone ON orders (phone);
CREATE INDEX orders_created ON orders (created_at);
CREATE INDEX orders_status_created ON orders (status, created_at);
CREATE INDEX orders_payment_created ON orders (payment_method, created_at);
CREATE INDEX orders_delivery_created ON orders (delivery_method, created_at);
CREATE INDEX orders_region_created ON orders (region, created_at);
CREATE INDEX orders_search_name ON orders (search_name);
CREATE INDEX orders_search_last_name ON orders (search_last_name);
CREATE INDEX orders_phone_key ON orders (phone_key);
