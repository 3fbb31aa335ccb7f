-- Decision 0141: an order's e-mails are drawn when the outbox sends them, not while the shopper waits.
-- Such a row is queued with what its words are drawn from (JSON) and an empty body_text; the cron draws
-- it (worker/platform/mail/outbox-drawing.ts), writes body_text and body_html, and sets this to null.
ALTER TABLE outbox ADD COLUMN to_draw TEXT;
