-- The staff desk's requests and e-mails (decision 0074).

-- Requests as staff work them. `version` counts changes, so a save made from an older copy of
-- the page is refused instead of overwriting; `change_id` marks the change one batch made, so
-- its audit row is written only by the change that won (as orders do, 0080). The status CHECK of
-- 0050 already has the desk's four states (new, in_progress, done, spam); updated_at is there too.
ALTER TABLE shop_requests ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE shop_requests ADD COLUMN change_id TEXT;
-- One internal note per request, for staff only; earlier wordings stay in the audit.
ALTER TABLE shop_requests ADD COLUMN staff_note TEXT;
-- The list: newest first, alone or filtered by kind (0050's (status, created_at) serves the status filter).
CREATE INDEX shop_requests_created ON shop_requests (created_at DESC);
CREATE INDEX shop_requests_kind_created ON shop_requests (kind, created_at DESC);

-- The outbox as staff see it: why the last attempt failed and when, and (as above) the change
-- that a retry made, so its audit rows are written for exactly the e-mails it put back.
ALTER TABLE outbox ADD COLUMN last_error TEXT;
ALTER TABLE outbox ADD COLUMN last_attempt_at TEXT;
ALTER TABLE outbox ADD COLUMN change_id TEXT;
CREATE INDEX outbox_change ON outbox (change_id) WHERE change_id IS NOT NULL;

-- The desk shows an outbox e-mail's retries without knowing its id in advance.
CREATE INDEX staff_audit_kind ON staff_audit (record_kind, id);
