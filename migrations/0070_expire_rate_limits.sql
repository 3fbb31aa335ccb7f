-- Each rate-limit row says when it stops mattering, so rows of keys that are never hit
-- again (an attacker's one-off e-mails, addresses) are swept instead of kept for ever.
ALTER TABLE rate_limits ADD COLUMN expires_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
