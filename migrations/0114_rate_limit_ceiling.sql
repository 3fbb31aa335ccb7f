-- Each counter carries its limit, and the database refuses to count past it (the `within_limit`
-- check): a limit can then be counted in the same batch as the action it guards, and a batch over the
-- limit rolls back whole (docs/decisions/0100). The counters expire within minutes: rebuilt empty.
DROP TABLE rate_limits;
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  expires_at INTEGER NOT NULL,
  ceiling INTEGER NOT NULL,
  PRIMARY KEY (key, window_start),
  CONSTRAINT within_limit CHECK (count <= ceiling)
);
CREATE INDEX rate_limits_expires_at ON rate_limits (expires_at);
