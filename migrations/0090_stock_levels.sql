-- Stock on hand per SKU (a variant's, or a product's without variants). The shop's own record:
-- it changes with every order. A SKU with no row is sold without counting. The CHECK is what
-- makes overselling impossible: a batch that would take a row below zero fails as a whole.
CREATE TABLE stock_levels (
  sku TEXT PRIMARY KEY,
  product_slug TEXT NOT NULL,
  on_hand INTEGER NOT NULL CHECK (on_hand >= 0),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX stock_levels_product ON stock_levels (product_slug);
CREATE INDEX stock_levels_low ON stock_levels (on_hand, sku);
