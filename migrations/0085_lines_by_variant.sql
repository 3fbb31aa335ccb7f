-- A bag line is a variant: the same product in two shades is two lines. `variant_sku` is ''
-- for a product sold as one item (part of the key, so it cannot be NULL). SQLite cannot
-- change a primary key in place, so the table is rebuilt; every line is kept.
CREATE TABLE cart_lines_by_variant (
  cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_slug TEXT NOT NULL,
  variant_sku TEXT NOT NULL DEFAULT '',
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  price_seen INTEGER NOT NULL,
  availability_seen TEXT NOT NULL,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (cart_id, product_slug, variant_sku)
);
INSERT INTO cart_lines_by_variant (cart_id, product_slug, variant_sku, quantity, price_seen, availability_seen, added_at)
  SELECT cart_id, product_slug, '', quantity, price_seen, availability_seen, added_at FROM cart_lines;
DROP TABLE cart_lines;
ALTER TABLE cart_lines_by_variant RENAME TO cart_lines;

-- An order line names its variant (its `name` is the whole item name, "Matte Liquid Lipstick —
-- Rosewood"), the SKU its stock is counted under, and how many units it took from stock_levels:
-- exactly that many go back when the order is cancelled or its card payment expires (then 0).
ALTER TABLE order_lines ADD COLUMN variant_name TEXT;
ALTER TABLE order_lines ADD COLUMN sku TEXT;
ALTER TABLE order_lines ADD COLUMN stock_taken INTEGER NOT NULL DEFAULT 0;
