-- A promotion's name in Arabic, which Arabic pages show instead of its English name (decision 0129);
-- empty when staff gave none, and then Arabic pages show the English name. An order keeps the name it
-- was given in the language the shopper ordered in (order_discounts.name, written at order time).
ALTER TABLE promotions ADD COLUMN name_ar TEXT NOT NULL DEFAULT '';
