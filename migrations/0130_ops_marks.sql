-- What the health page (/staff/health) reads of the shop's own running: the last cron run with what
-- each of its steps did, and the last webhook from the CMS with what it moved. One row per kind,
-- overwritten each time (worker/platform/operations/ops-marks.ts): a mark, not a history.
CREATE TABLE ops_marks (
  kind TEXT PRIMARY KEY CHECK (kind IN ('cron', 'webhook')),
  at TEXT NOT NULL,
  detail TEXT NOT NULL
);
