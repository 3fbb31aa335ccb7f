-- The staff desk's reviews and redirect rules (decision 0075).

-- Redirect rules edited on the desk. `version` counts changes, so a save or a delete made from an
-- older copy of the page is refused ("changed by … meanwhile") instead of overwriting; who made
-- each change is in staff_audit (record_kind 'redirect', record_id the rule's id).
ALTER TABLE redirect_rules ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE redirect_rules ADD COLUMN updated_at TEXT;

-- The desk lists product reviews by status across every product, newest first
-- (shop_reviews_status already serves shop reviews).
CREATE INDEX product_reviews_status ON product_reviews (status, created_at DESC);
