-- After a D1 restore (docs/operations.md), once the tax invoices and credit notes issued after the
-- restore point are back in `invoices`: moves each counter past the highest number its sequence has
-- issued, so the next document takes the number after it and none is issued twice. It never moves a
-- counter back, and changes nothing when run again. The test tests/worker/invoices-after-restore.test.ts
-- runs this very file.
UPDATE invoice_counters
SET last = (SELECT MAX(number) FROM invoices WHERE kind = invoice_counters.sequence)
WHERE last < (SELECT COALESCE(MAX(number), 0) FROM invoices WHERE kind = invoice_counters.sequence);
