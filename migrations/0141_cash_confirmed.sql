-- A cash order confirmed with the shopper before it leaves (docs/decisions/0118-cash-on-delivery-that-arrives.md):
-- when staff marked it so on the desk ("Confirmed with the shopper"); null while it waits.
ALTER TABLE orders ADD COLUMN cod_confirmed_at TEXT;

-- The desk's cash orders waiting for that confirmation, oldest first, read from their own small index
-- (checked with EXPLAIN QUERY PLAN in tests/worker/cash-confirmation.test.ts).
CREATE INDEX orders_cash_waiting ON orders (created_at)
  WHERE payment_method = 'cash' AND status IN ('new', 'processing') AND cod_confirmed_at IS NULL;

-- Parcels refused at the door, counted by the shopper's phone when an order is placed (0083's phone_key).
CREATE INDEX orders_refused_phone ON orders (phone_key) WHERE status = 'refused';
