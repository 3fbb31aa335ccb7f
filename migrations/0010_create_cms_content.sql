-- The embedded CMS's content (Strapi v4 compatible). Only worker/cms/ reads these tables.
CREATE TABLE cms_media (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  url TEXT NOT NULL UNIQUE,
  alternative_text TEXT,
  width INTEGER,
  height INTEGER,
  mime TEXT NOT NULL,
  -- How a generated illustration is drawn (kind, colours, variant).
  provider_metadata TEXT
);

CREATE TABLE cms_categories (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT,
  image_id INTEGER REFERENCES cms_media (id),
  position INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (locale, slug)
);

CREATE TABLE cms_brands (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  description TEXT,
  colour TEXT,
  logo_id INTEGER REFERENCES cms_media (id),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (locale, slug)
);

CREATE TABLE cms_product_lines (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  brand_id INTEGER NOT NULL REFERENCES cms_brands (id),
  UNIQUE (locale, brand_id, slug)
);

CREATE TABLE cms_products (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  sku TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  ingredients TEXT,
  how_to_use TEXT,
  volume TEXT,
  price REAL NOT NULL,
  old_price REAL,
  availability TEXT CHECK (availability IN ('in_stock', 'out_of_stock', 'none', 'prepurchase')),
  year INTEGER,
  popularity INTEGER NOT NULL DEFAULT 0,
  brand_id INTEGER REFERENCES cms_brands (id),
  line_id INTEGER REFERENCES cms_product_lines (id),
  category_id INTEGER REFERENCES cms_categories (id),
  published_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (locale, slug)
);
CREATE INDEX cms_products_category ON cms_products (category_id, locale);
CREATE INDEX cms_products_brand ON cms_products (brand_id, line_id);

CREATE TABLE cms_product_images (
  product_id INTEGER NOT NULL REFERENCES cms_products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  media_id INTEGER NOT NULL REFERENCES cms_media (id),
  PRIMARY KEY (product_id, position)
);

CREATE TABLE cms_tags (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  name TEXT NOT NULL,
  slug TEXT NOT NULL,
  UNIQUE (locale, slug)
);

CREATE TABLE cms_blog_posts (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  excerpt TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',
  image_id INTEGER REFERENCES cms_media (id),
  published_at TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (locale, slug)
);

CREATE TABLE cms_blog_post_tags (
  post_id INTEGER NOT NULL REFERENCES cms_blog_posts (id) ON DELETE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES cms_tags (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, tag_id)
);

CREATE TABLE cms_projects (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  excerpt TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',
  image_id INTEGER REFERENCES cms_media (id),
  published_at TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (locale, slug)
);

CREATE TABLE cms_pages (
  id INTEGER PRIMARY KEY,
  locale TEXT NOT NULL DEFAULT 'en',
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (locale, slug)
);

-- Single types (contact, menu, footer-menu, top-menu): their attributes, components
-- included, as one JSON document per locale.
CREATE TABLE cms_single_types (
  kind TEXT NOT NULL,
  locale TEXT NOT NULL DEFAULT 'en',
  data TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (kind, locale)
);
