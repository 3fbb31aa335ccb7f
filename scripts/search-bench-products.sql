-- 10 000 generated products for search at scale (the workerd test search-at-scale.test.ts and
-- `npm run bench`'s search rows), made by SQLite itself in one statement: every combination of
-- 25 words, 20 ingredients and 20 kinds ("Radiant Jasmine Serum"), spread over the seed's brands
-- and categories, with a description and ingredients, ids from 100 001. Added to the seed's 87.
WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < 9999),
named AS (
  SELECT n,
    json_extract('["Radiant","Velvet","Pure","Golden","Silken","Midnight","Fresh","Calm","Bright","Deep","Gentle","Rich","Light","Royal","Desert","Ocean","Morning","Evening","Vivid","Soft","Glow","Satin","Wild","Tender","Noble"]', '$[' || (n % 25) || ']') AS adjective,
    json_extract('["Jasmine","Saffron","Pearl","Lotus","Fig","Cedar","Honey","Coconut","Mint","Neroli","Almond","Orchid","Sandalwood","Vanilla","Peony","Tea","Olive","Pomegranate","Lavender","Bamboo"]', '$[' || (n / 25 % 20) || ']') AS note,
    json_extract('["Serum","Cream","Cleanser","Toner","Mask","Lotion","Balm","Oil","Mist","Shampoo","Conditioner","Lipstick","Mascara","Moisturiser","Scrub","Gel","Primer","Concealer","Perfume","Sunscreen"]', '$[' || (n / 500 % 20) || ']') AS kind
  FROM seq
)
INSERT OR IGNORE INTO cms_products (id, locale, name, slug, sku, description, ingredients, how_to_use, price,
  availability, year, popularity, brand_id, line_id, category_id, published_at)
SELECT 100001 + n, 'en',
  adjective || ' ' || note || ' ' || kind,
  lower(adjective || '-' || note || '-' || kind) || '-' || (100001 + n),
  'GEN-' || (100001 + n),
  '<p>' || adjective || ' ' || note || ' ' || kind || ': a ' || lower(kind) || ' with ' || lower(note) ||
    ' for every day. Made for the UAE climate, light enough for humid summers.</p>',
  'Aqua, Glycerin, ' || note || ' Extract, Tocopherol, Phenoxyethanol.',
  'Apply as needed.',
  49 + (n % 200), 'in_stock', 2025, n * 7919 % 1000, 1 + n % 9, NULL, 1 + n % 6, '2025-06-01T09:00:00.000Z'
FROM named;
