-- Redirect rules' ids are never given again (decision 0102). Without AUTOINCREMENT SQLite gave a new
-- rule the id of the rule just deleted when it had the highest: a page still showing the deleted rule
-- (same id, version 1) then deleted the new one, and the new rule's audit showed the old one's history.
-- SQLite adds AUTOINCREMENT only by rebuilding the table: every row kept, ids, versions and times included.
CREATE TABLE redirect_rules_rebuilt (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  from_path TEXT NOT NULL UNIQUE CHECK (from_path LIKE '/%'),
  to_target TEXT NOT NULL CHECK (length(to_target) > 0),
  status INTEGER NOT NULL DEFAULT 301 CHECK (status IN (301, 302)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  version INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT
);
INSERT INTO redirect_rules_rebuilt (id, from_path, to_target, status, created_at, version, updated_at)
  SELECT id, from_path, to_target, status, created_at, version, updated_at FROM redirect_rules;
DROP TABLE redirect_rules;
ALTER TABLE redirect_rules_rebuilt RENAME TO redirect_rules;

-- An id already given twice: the audit rows before the latest 'add' of that id are an earlier rule's.
-- They get a record id of their own ("7-before-41": rule 7's history up to audit row 41, where the
-- next rule 7 was added), so each rule's page shows only its own history.
CREATE TABLE redirect_audit_generations AS
  SELECT s.id AS audit_id,
    (SELECT min(a.id) FROM staff_audit a
      WHERE a.record_kind = 'redirect' AND a.record_id = s.record_id AND a.action = 'add' AND a.id > s.id) AS next_add
  FROM staff_audit s
  WHERE s.record_kind = 'redirect';
UPDATE staff_audit
  SET record_id = record_id || '-before-' || (SELECT g.next_add FROM redirect_audit_generations g WHERE g.audit_id = staff_audit.id)
  WHERE id IN (SELECT audit_id FROM redirect_audit_generations WHERE next_add IS NOT NULL);
DROP TABLE redirect_audit_generations;

-- New ids start past every rule id there is or the audit has ever named, deleted rules' included.
DELETE FROM sqlite_sequence WHERE name = 'redirect_rules';
INSERT INTO sqlite_sequence (name, seq)
  SELECT 'redirect_rules', max(
    coalesce((SELECT max(id) FROM redirect_rules), 0),
    coalesce((SELECT max(CAST(record_id AS INTEGER)) FROM staff_audit
      WHERE record_kind = 'redirect' AND record_id GLOB '[0-9]*'), 0)
  );
