-- The staff desk (decision 0074).

-- users-permissions roles as Strapi keeps them: every user has one, Authenticated unless staff.
-- `npm run staff -- grant <email>` sets 'staff'; the desk asks the CMS on every request.
ALTER TABLE cms_users ADD COLUMN role TEXT NOT NULL DEFAULT 'authenticated' CHECK (role IN ('authenticated', 'staff'));

-- Orders as staff run them. `version` counts changes, so a save made from an older copy of the
-- page is refused instead of overwriting; `change_id` marks the change one batch made, so the
-- history, the e-mail and the audit row of that batch are written only by the change that won.
-- The status names predate the desk: 'processing' is shown as "Confirmed", 'completed' as
-- "Delivered" (a CHECK cannot change without rebuilding the table and its lines).
ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE orders ADD COLUMN change_id TEXT;
ALTER TABLE orders ADD COLUMN carrier TEXT;
ALTER TABLE orders ADD COLUMN tracking_number TEXT;
CREATE INDEX orders_created ON orders (created_at DESC);
CREATE INDEX orders_status_created ON orders (status, created_at DESC);
CREATE INDEX orders_email ON orders (email);
CREATE INDEX orders_phone ON orders (phone);

-- Every change of an order: status moves (shown to the shopper too) and staff notes (staff only).
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('status', 'note')),
  from_status TEXT,
  to_status TEXT,
  note TEXT,
  actor_id INTEGER,
  actor_name TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX order_events_order ON order_events (order_id, id);

-- Every staff action: who, what, which record, before and after.
CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  staff_id INTEGER NOT NULL,
  staff_name TEXT NOT NULL,
  action TEXT NOT NULL,
  record_kind TEXT NOT NULL,
  record_id TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX staff_audit_record ON staff_audit (record_kind, record_id, id);
