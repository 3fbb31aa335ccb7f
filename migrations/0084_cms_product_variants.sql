-- A product's variants (Strapi: the repeatable component product.variant): its shades or
-- sizes, each sold under its own SKU. Only worker/cms/ reads this table.
CREATE TABLE cms_product_variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES cms_products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('shade', 'size')),
  sku TEXT NOT NULL,
  price REAL NOT NULL,
  old_price REAL,
  swatch TEXT,
  image_id INTEGER REFERENCES cms_media (id),
  availability TEXT CHECK (availability IN ('in_stock', 'out_of_stock', 'none', 'prepurchase')),
  UNIQUE (product_id, position)
);
CREATE INDEX cms_product_variants_sku ON cms_product_variants (sku);
