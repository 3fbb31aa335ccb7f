-- The VAT register reads the documents issued in a month or a quarter by their date of issue
-- (worker/platform/invoices/register-store.ts, docs/decisions/0121-a-vat-register-read-from-the-issued-snapshots.md):
-- an index, so a period's read reaches only its own rows however many years of invoices are kept.
CREATE INDEX invoices_issued_at ON invoices (issued_at);
