-- Tax invoices and tax credit notes (docs/decisions/0116-tax-invoices-issued-in-the-batch-that-makes-a-supply.md).
-- An invoice is issued in the very batch that makes an order a supply (a card order paid, a cash order
-- delivered), its number taken from a one-row counter in that batch, so the sequence has no gap and no
-- repeat however many orders are issued at once. What it shows is kept as it was (`snapshot`, JSON:
-- seller, buyer, lines, delivery, totals) and never changes: the triggers below refuse an update or a
-- delete. No foreign key to `orders`: an invoice is kept five years whatever happens to the order's row
-- (a rebuild of `orders` must not cascade into it).
CREATE TABLE invoice_counters (
  sequence TEXT PRIMARY KEY CHECK (sequence IN ('invoice', 'credit_note')),
  -- The last number issued; the operations runbook moves it past the highest number sent after a restore.
  last INTEGER NOT NULL DEFAULT 0 CHECK (last >= 0)
);
INSERT INTO invoice_counters (sequence, last) VALUES ('invoice', 0), ('credit_note', 0);

CREATE TABLE invoices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit_note')),
  number INTEGER NOT NULL CHECK (number >= 1),
  order_id INTEGER NOT NULL,
  -- A credit note names the invoice it cancels (its id here; its number in the snapshot).
  refers_to INTEGER,
  issued_at TEXT NOT NULL,
  snapshot TEXT NOT NULL,
  UNIQUE (kind, number),
  -- One invoice an order, and at most one credit note for it.
  UNIQUE (order_id, kind)
);

CREATE TRIGGER invoices_never_change BEFORE UPDATE ON invoices
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice never changes');
END;

CREATE TRIGGER invoices_never_deleted BEFORE DELETE ON invoices
BEGIN
  SELECT RAISE(ABORT, 'an issued invoice is kept');
END;

-- A VAT-registered business buying (checkout's optional company name and TRN): its order gets a full
-- tax invoice. A table of its own keyed by the order's id, written in the order's batch.
CREATE TABLE order_business_buyers (
  order_id INTEGER PRIMARY KEY,
  company TEXT NOT NULL CHECK (length(company) BETWEEN 1 AND 200),
  trn TEXT NOT NULL CHECK (length(trn) = 15 AND trn NOT GLOB '*[^0-9]*')
);
