-- The staff desk's order list with many orders (decision 0074): every filter finds its rows through an
-- index that also gives them newest first, so a page of 25 reads about 25 rows and a count reads
-- one index range, never the table. Checked with EXPLAIN QUERY PLAN in tests/worker/staff-order-plans.test.ts.

-- Ascending, read backwards: exactly `ORDER BY created_at DESC, id DESC` (0080's DESC indexes
-- hold equal timestamps in ascending id order, so SQLite sorted every page again).
DROP INDEX orders_created;
CREATE INDEX orders_created ON orders (created_at);
DROP INDEX orders_status_created;
CREATE INDEX orders_status_created ON orders (status, created_at);
CREATE INDEX orders_payment_created ON orders (payment_method, created_at);
CREATE INDEX orders_delivery_created ON orders (delivery_method, created_at);
CREATE INDEX orders_region_created ON orders (region, created_at);

-- Search keys, computed by SQLite from what the shopper typed (virtual: no stored copy to keep in
-- step). A name is found by the start of the full name or of the last name, in any case
-- ("hessa", "Hessa Al M", "al marri"); a phone by its whole number in any way it is written
-- (050 123 4567, +971 50 123 4567, 00971501234567 all give 501234567).
-- worker/platform/orders/order-search.ts turns the typed search into the same keys.
ALTER TABLE orders ADD COLUMN search_name TEXT AS (lower(first_name || ' ' || last_name)) VIRTUAL;
ALTER TABLE orders ADD COLUMN search_last_name TEXT AS (lower(last_name)) VIRTUAL;
ALTER TABLE orders ADD COLUMN phone_digits TEXT AS (
  replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')
) VIRTUAL;
ALTER TABLE orders ADD COLUMN phone_key TEXT AS (
  CASE
    WHEN phone_digits LIKE '00971%' THEN substr(phone_digits, 6)
    WHEN phone_digits LIKE '971%' THEN substr(phone_digits, 4)
    WHEN phone_digits LIKE '0%' THEN substr(phone_digits, 2)
    ELSE phone_digits
  END
) VIRTUAL;
CREATE INDEX orders_search_name ON orders (search_name);
CREATE INDEX orders_search_last_name ON orders (search_last_name);
CREATE INDEX orders_phone_key ON orders (phone_key);
