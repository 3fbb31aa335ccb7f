-- The embedded CMS's users (Strapi users-permissions' up_users). Only worker/cms/auth reads these.
-- email is stored lower-cased; username is matched exactly (case-sensitive), as Strapi does.
-- password holds "pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>" (or an imported bcrypt "$2a$..." hash);
-- NULL for accounts created through a sign-in provider.
CREATE TABLE cms_users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE,
  email TEXT NOT NULL,
  provider TEXT NOT NULL DEFAULT 'local',
  password TEXT,
  confirmed INTEGER NOT NULL DEFAULT 0,
  blocked INTEGER NOT NULL DEFAULT 0,
  first_name TEXT,
  last_name TEXT,
  phone TEXT,
  address TEXT,
  city TEXT,
  country TEXT,
  postcode TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX cms_users_email ON cms_users (email, provider);

-- One-time codes: password resets and e-mail confirmations. Only the SHA-256 of a
-- code is kept, so a leaked table cannot be replayed; used_at makes a code single-use.
CREATE TABLE cms_auth_codes (
  code_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES cms_users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('reset-password', 'email-confirmation')),
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX cms_auth_codes_user ON cms_auth_codes (user_id, purpose);

-- Which provider account signed in as which user (a provider's stable subject id, or its e-mail).
CREATE TABLE cms_user_identities (
  provider TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id INTEGER NOT NULL REFERENCES cms_users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (provider, subject)
);

-- Advanced settings of users-permissions (Strapi keeps them in core_store), editable without a deploy.
CREATE TABLE cms_auth_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO cms_auth_settings (key, value) VALUES
  ('allow_register', 'true'),
  ('email_confirmation', 'false'),
  ('unique_email', 'true'),
  ('email_confirmation_redirection', '/user/login?confirmed=1');
