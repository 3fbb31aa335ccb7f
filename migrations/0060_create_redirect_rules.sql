-- Redirect rules managed without a deploy (spec section 2: "a redirect rule may be
-- resolved for a path"). from_path is an exact path without a trailing slash; to_target
-- is an internal path ("/catalog/new") or an absolute http(s) URL, which is followed
-- only when its host is in REDIRECT_ALLOWED_HOSTS. Add one with:
--   npx wrangler d1 execute DB --remote --command \
--     "INSERT INTO redirect_rules (from_path, to_target, status) VALUES ('/old', '/new', 301)"
CREATE TABLE redirect_rules (
  id INTEGER PRIMARY KEY,
  from_path TEXT NOT NULL UNIQUE CHECK (from_path LIKE '/%'),
  to_target TEXT NOT NULL CHECK (length(to_target) > 0),
  status INTEGER NOT NULL DEFAULT 301 CHECK (status IN (301, 302)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
