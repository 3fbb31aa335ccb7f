-- What the shop still has to tell an instalment provider about an order (decision 0119): capture the
-- authorised money when the order is shipped, give it back when it is cancelled. Queued in the desk's
-- own batch with the status change (worker/platform/orders/payment-task-queue.ts) and carried out by the
-- cron, retried until the provider says yes (worker/platform/payments/payment-tasks.ts).
CREATE TABLE payment_tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('capture', 'refund')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_error TEXT,
  done_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (order_id, kind)
);
-- The cron's read: what is not done and due, soonest first.
CREATE INDEX payment_tasks_due ON payment_tasks (next_at) WHERE done_at IS NULL;
