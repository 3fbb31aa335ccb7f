-- Decision 0092: the shopper's e-mails in their language.
-- A stock alert remembers the language of the page it was asked for on, so its confirmation and
-- its one restock e-mail are written in it, with links to that language's pages (every alert
-- before this one was asked for in English).
ALTER TABLE stock_alerts ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale GLOB '[a-z][a-z]');

-- The outbox's HTML part, which shoppers' e-mails carry too, is migrations/0111.
