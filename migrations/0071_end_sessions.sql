-- Sessions that end (decision 0013).
-- Embedded CMS: a token issued (iat, seconds) before this time is refused; a password
-- change or reset moves it to "now", ending every older token of the user.
ALTER TABLE cms_users ADD COLUMN tokens_valid_after INTEGER NOT NULL DEFAULT 0;

-- Tokens signed out before they expired, by SHA-256 (never the token), kept until their
-- own expiry. Both the embedded CMS and, with a real Strapi, the storefront refuse them.
CREATE TABLE revoked_tokens (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);
CREATE INDEX revoked_tokens_expires_at ON revoked_tokens (expires_at);
