-- A brand's lines are read by brand (the brand page, the filter's model facet, the GraphQL loader
-- that batches brands' lines): through an index, not a pass over every line (decision 0080).
CREATE INDEX IF NOT EXISTS cms_product_lines_brand ON cms_product_lines (brand_id, id);
