-- Issue 23: the shopper's e-mails in their language.
-- A stock alert remembers the language of the page it was asked for on, so its confirmation and
-- its one restock e-mail are written in it, with links to that language's pages (every alert
-- before this one was asked for in English).
ALTER TABLE stock_alerts ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale GLOB '[a-z][a-z]');

-- The HTML part of an outbox e-mail (null: plain text only, as staff e-mails and every e-mail
-- before this one are). Shoppers' e-mails carry both: the text, and the same words as HTML whose
-- <html> names the language and its direction (lang="ar" dir="rtl").
ALTER TABLE outbox ADD COLUMN body_html TEXT;
