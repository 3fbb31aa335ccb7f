-- Stock on the staff desk (decision 0078).

-- What a cancel (on the desk, or an expired or failed card payment) gave back to stock per order
-- line: `stock_taken` is zeroed then, so without this the desk could not say how many went back.
ALTER TABLE order_lines ADD COLUMN stock_returned INTEGER NOT NULL DEFAULT 0;

-- One row per stock change staff make (a product's counts, a CSV import). The change's first
-- statement writes it only if the stock it changes is still what the staff member saw; every
-- other statement of the batch runs only when the row is there, so a save made from an older
-- copy of the page (or overtaken by an order) writes nothing at all.
CREATE TABLE stock_changes (
  id TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL,
  staff_name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('product', 'import')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
