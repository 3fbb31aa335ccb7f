-- "Tell me when it's back" (docs/stock.md): a shopper's wish to hear, once, that a sold-out SKU
-- is on hand again. Double opt-in: a subscription is 'pending' until its confirmation link is
-- followed, and nothing but that confirmation is ever sent to a pending address, so no one can be
-- subscribed by somebody else. 'confirmed' waits for a restock; 'sent' has had its one alert;
-- 'unsubscribed' asked to hear nothing. Tokens are kept only as SHA-256 hashes (hex): a leaked
-- table confirms and cancels nothing. Times are ISO 8601 UTC, written by the worker (its clock
-- decides the 10-minute re-send rule).
CREATE TABLE stock_alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sku TEXT NOT NULL,
  -- Lower case, as the shared e-mail rule keeps it.
  email TEXT NOT NULL,
  product_slug TEXT NOT NULL,
  -- The product page with this SKU chosen, as it was when the shopper subscribed (a moved
  -- category still reaches the product: the page redirects to its canonical path).
  product_path TEXT NOT NULL,
  -- "Matte Liquid Lipstick — Rosewood", for the e-mails and pages.
  item_name TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'sent', 'unsubscribed')),
  confirm_hash TEXT NOT NULL UNIQUE,
  -- Made when a link to unsubscribe is handed out (the confirmed page, the alert); null before.
  unsubscribe_hash TEXT UNIQUE,
  -- The account that subscribed, when signed in (the CMS's user id).
  user_id INTEGER,
  created_at TEXT NOT NULL,
  confirmation_sent_at TEXT NOT NULL,
  confirmed_at TEXT,
  sent_at TEXT,
  unsubscribed_at TEXT
);
-- One waiting subscription per SKU and address: subscribing again re-sends, never duplicates.
CREATE UNIQUE INDEX stock_alerts_waiting ON stock_alerts (sku, email) WHERE status IN ('pending', 'confirmed');
-- What a restock reads: the confirmed subscriptions of a few SKUs.
CREATE INDEX stock_alerts_by_sku ON stock_alerts (sku, status);

-- Extra headers for an outbox e-mail, as a JSON object (null: none). The restock alert carries
-- List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 one-click unsubscribe), which mail
-- providers ask of messages sent to many people.
ALTER TABLE outbox ADD COLUMN headers TEXT;
