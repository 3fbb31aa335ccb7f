-- Decision 0090: the language a shopper uses, so that their e-mails can be written in it.
-- An order remembers the language it was placed in (every order before this one was placed in English).
ALTER TABLE orders ADD COLUMN locale TEXT NOT NULL DEFAULT 'en' CHECK (locale GLOB '[a-z][a-z]');

-- An account's language: the one it last signed in, ordered or switched to. Keyed by the CMS user id,
-- as account_avatars is, so it works the same with the embedded CMS and a real Strapi.
CREATE TABLE account_locales (
  user_id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL CHECK (locale GLOB '[a-z][a-z]'),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
