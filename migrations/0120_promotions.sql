-- Promotions, their codes and their redemptions (docs/decisions/0108-promotions-one-quote-redeemed-in-the-order-batch.md).
-- Each counter carries its limit, and the table refuses to count past it (a named CHECK), so an
-- order's batch that would pass a promotion's, a code's or a shopper's limit rolls back whole.
CREATE TABLE promotions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  applies TEXT NOT NULL CHECK (applies IN ('auto', 'code')),
  -- What it gives, as JSON (shared/promotions/promotion.ts PromotionGives).
  gives_json TEXT NOT NULL,
  target_kind TEXT NOT NULL DEFAULT 'order' CHECK (target_kind IN ('order', 'product', 'variant', 'category', 'brand')),
  target_values TEXT NOT NULL DEFAULT '[]',
  min_subtotal INTEGER NOT NULL DEFAULT 0 CHECK (min_subtotal >= 0),
  min_quantity INTEGER NOT NULL DEFAULT 0 CHECK (min_quantity >= 0),
  starts_at TEXT,
  ends_at TEXT,
  first_order_only INTEGER NOT NULL DEFAULT 0,
  uses_max INTEGER,
  uses INTEGER NOT NULL DEFAULT 0,
  uses_per_shopper INTEGER,
  combinable INTEGER NOT NULL DEFAULT 1,
  priority INTEGER NOT NULL DEFAULT 0,
  paused INTEGER NOT NULL DEFAULT 0,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CONSTRAINT promotion_uses_left CHECK (uses_max IS NULL OR uses <= uses_max)
);
CREATE INDEX promotions_auto ON promotions (applies, paused);

-- A code, kept in upper case. A batch's single-use codes are used once each.
CREATE TABLE promotion_codes (
  code TEXT PRIMARY KEY,
  promotion_id INTEGER NOT NULL REFERENCES promotions (id) ON DELETE CASCADE,
  single_use INTEGER NOT NULL DEFAULT 0,
  uses INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CONSTRAINT code_uses_left CHECK (single_use = 0 OR uses <= 1)
);
CREATE INDEX promotion_codes_promotion ON promotion_codes (promotion_id);

-- Uses per shopper: an account ('user:ID'), else a guest's mailbox ('mail:…') and phone ('phone:…').
CREATE TABLE promotion_shopper_uses (
  promotion_id INTEGER NOT NULL,
  shopper_key TEXT NOT NULL,
  uses INTEGER NOT NULL DEFAULT 0,
  ceiling INTEGER,
  PRIMARY KEY (promotion_id, shopper_key),
  CONSTRAINT shopper_uses_left CHECK (ceiling IS NULL OR uses <= ceiling)
);

-- The code a bag carries (one a bag).
CREATE TABLE cart_codes (
  cart_id TEXT PRIMARY KEY REFERENCES carts (id) ON DELETE CASCADE,
  code TEXT NOT NULL,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Each discount an order was given, by name and amount, as the order shows it ever after.
CREATE TABLE order_discounts (
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  promotion_id INTEGER,
  name TEXT NOT NULL,
  code TEXT,
  kind TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount >= 0),
  limited_to TEXT,
  PRIMARY KEY (order_id, position)
);
CREATE INDEX order_discounts_promotion ON order_discounts (promotion_id, order_id);

ALTER TABLE orders ADD COLUMN discount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cod_fee INTEGER NOT NULL DEFAULT 0;
-- A line's share of the order's discounts (its VAT is on line_total - discount), and a gift at 0.
ALTER TABLE order_lines ADD COLUMN discount INTEGER NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN gift INTEGER NOT NULL DEFAULT 0;

-- The desk's settings (delivery and cash on delivery: shared/promotions/shop-settings.ts), one JSON row a key.
CREATE TABLE shop_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
