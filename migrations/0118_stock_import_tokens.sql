-- A delivery imported on the staff desk is written once (decision 0107): its preview hands the confirm
-- form a random import token, and the change's row carries it. A second post of the same confirm (a
-- double click, a browser's resend) finds the token taken and writes nothing, so a delivery is never
-- added twice. NULL for a product page's save, which sets counts and is harmless to repeat.
ALTER TABLE stock_changes ADD COLUMN import_token TEXT;
CREATE UNIQUE INDEX stock_changes_import_token ON stock_changes (import_token) WHERE import_token IS NOT NULL;
