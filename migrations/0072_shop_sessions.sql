-- The shop's own sessions (docs/decisions/0072).
-- A CMS token is a function of (user, second): two sign-ins in one second get the same token,
-- so ending "this token" can end a session that has just begun. A session is instead a random
-- id in the `__Host-session` cookie beside `strapi_jwt`; ending one never touches another.
CREATE TABLE shop_sessions (
  -- SHA-256 (hex) of the id in the cookie; the id itself is never stored.
  id_hash TEXT PRIMARY KEY,
  -- The CMS user the session was opened for (checked against /users/me on every request).
  user_id INTEGER NOT NULL,
  -- SHA-256 (hex) of the CMS token it was opened with: the two cookies go together.
  token_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Set by a sign-out, a password change or a reset; a session with it set is over for good.
  ended_at INTEGER
);
CREATE INDEX shop_sessions_live_by_user ON shop_sessions (user_id) WHERE ended_at IS NULL;
CREATE INDEX shop_sessions_expires_at ON shop_sessions (expires_at);

-- Replaced by shop_sessions: a revoked token's twin (same user, same second) was refused too.
DROP TABLE revoked_tokens;
