-- Requests visitors send to the shop: a call back, a consultation, a wholesale or a partnership enquiry.
-- The attachment (wholesale) is in R2 under attachment_key. fingerprint is a hash of the kind and the
-- visitor's words: the same request again within a few minutes is recognised and not stored twice
-- (a look back over the last minutes, and dedupe_key = fingerprint + time bucket, unique, for two
-- copies sent at the same instant, e.g. a double click).
CREATE TABLE shop_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  public_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('callback', 'consultation', 'wholesale', 'partnership')),
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done', 'spam')),
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT,
  company TEXT,
  message TEXT,
  attachment_key TEXT,
  attachment_type TEXT,
  attachment_name TEXT,
  attachment_size INTEGER,
  fingerprint TEXT NOT NULL,
  dedupe_key TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX shop_requests_fingerprint ON shop_requests (fingerprint, created_at);
CREATE INDEX shop_requests_status ON shop_requests (status, created_at);
