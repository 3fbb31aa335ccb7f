// Turns the embedded CMS's seed (worker/cms/seed/*.json, plain data) into dist/seed.sql.
// Every row has a fixed id and goes in with INSERT OR IGNORE, so running it twice is harmless
// and a database that already has content keeps it. dist/seed-refresh.sql is the same rows for a
// local database seeded from an older seed (scripts/seed-local.mjs): the CMS's rows are written over
// (an upsert), stock counts still only added where missing, since orders have moved them since.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { arabicEntries, arabicLayout, arabicVariantName } from "./seed-arabic.mjs";
import { postCover, productPicture, projectCover } from "./seed-media.mjs";

const root = resolve(import.meta.dirname, "..");
const seed = (name) => JSON.parse(readFileSync(resolve(root, "worker/cms/seed", `${name}.json`), "utf8"));

const sql = [];
const refresh = [];
const q = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
/** Tables the shop writes after the seed (stock moves with every order): never written over. */
const SHOP_OWNED = new Set(["stock_levels"]);
const insert = (table, row) => {
  const keys = Object.keys(row);
  const values = `(${keys.join(", ")}) VALUES (${keys.map((k) => q(row[k])).join(", ")})`;
  sql.push(`INSERT OR IGNORE INTO ${table} ${values};`);
  const columns = keys.filter((k) => k !== "id");
  refresh.push(
    SHOP_OWNED.has(table) || columns.length === 0
      ? `INSERT OR IGNORE INTO ${table} ${values};`
      : `INSERT INTO ${table} ${values} ON CONFLICT DO UPDATE SET ${columns.map((k) => `${k} = excluded.${k}`).join(", ")};`,
  );
};

let mediaId = 0;
// Variant pictures came later: their ids start apart, so a database seeded before keeps its ids.
let variantMediaId = 10_000;
function media(url, alt, width, height, meta, id = ++mediaId) {
  insert("cms_media", {
    id,
    name: url.split("/").pop(),
    url,
    alternative_text: alt,
    width,
    height,
    mime: "image/svg+xml",
    provider_metadata: JSON.stringify(meta),
  });
  return id;
}

const categories = seed("categories");
const brands = seed("brands");
const products = seed("products");
const palette = ["#9A5663", "#5E6E59", "#8A5A12", "#7E4651", "#3F5A5A", "#A0762E"];

categories.forEach((c, i) => {
  const image = media(`/uploads/categories/${c.slug}.svg`, c.name, 800, 600, {
    kind: "category",
    colour: palette[i % palette.length],
    variant: i,
  });
  insert("cms_categories", {
    id: c.id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    image_id: image,
    position: i,
  });
});

const lineIds = new Map();
let lineId = 0;
for (const b of brands) {
  const logo = media(`/uploads/brands/${b.slug}.svg`, `${b.name} logo`, 240, 120, {
    kind: "brand",
    colour: b.colour,
    label: b.name,
  });
  insert("cms_brands", {
    id: b.id,
    name: b.name,
    slug: b.slug,
    description: b.description,
    colour: b.colour,
    logo_id: logo,
  });
  for (const l of b.lines) {
    lineId += 1;
    lineIds.set(`${b.slug}/${l.slug}`, lineId);
    insert("cms_product_lines", { id: lineId, name: l.name, slug: l.slug, brand_id: b.id });
  }
}

const brandIds = new Map(brands.map((b) => [b.slug, b.id]));
const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
const published = (p) =>
  `${p.year}-${String((p.id % 12) + 1).padStart(2, "0")}-${String((p.id % 27) + 1).padStart(2, "0")}T09:00:00.000Z`;
for (const p of products) {
  insert("cms_products", {
    id: p.id,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    description: p.description,
    ingredients: p.ingredients,
    how_to_use: p.howToUse,
    volume: p.volume,
    price: p.price,
    old_price: p.oldPrice,
    availability: p.availability,
    year: p.year,
    popularity: p.popularity,
    brand_id: brandIds.get(p.brand),
    line_id: lineIds.get(p.line),
    category_id: categoryIds.get(p.category),
    published_at: published(p),
  });
  for (let i = 0; i < p.images; i++) {
    const views = ["front", "side", "texture", "in use"];
    const picture = productPicture(p, i);
    const image = media(picture.url, `${p.name}, ${views[i]} view`, 800, 800, picture.spec);
    insert("cms_product_images", { product_id: p.id, position: i, media_id: image });
  }
  (p.variants ?? []).forEach((v, position) => {
    // A shade is drawn in its own colour; a size shows the product's pictures.
    const image = v.swatch
      ? media(
          `/uploads/products/${p.slug}-${v.sku.toLowerCase()}.svg`,
          `${p.name}, ${v.name}`,
          800,
          800,
          {
            kind: p.kind,
            colour: v.swatch,
            variant: 0,
          },
          ++variantMediaId,
        )
      : null;
    insert("cms_product_variants", {
      id: p.id * 100 + position,
      product_id: p.id,
      position,
      name: v.name,
      kind: v.kind,
      sku: v.sku,
      price: v.price,
      old_price: v.oldPrice,
      swatch: v.swatch,
      image_id: image,
      availability: v.availability,
    });
    // The demo shop's stock (the shop's record, not the CMS's): a SKU without it is sold uncounted.
    if (typeof v.onHand === "number") insert("stock_levels", { sku: v.sku, product_slug: p.slug, on_hand: v.onHand });
  });
}

const tags = seed("tags");
for (const t of tags) insert("cms_tags", t);
const tagIds = new Map(tags.map((t) => [t.slug, t.id]));
for (const post of seed("blog-posts")) {
  const cover = postCover(post);
  const image = media(cover.url, post.title, 1200, 675, cover.spec);
  insert("cms_blog_posts", {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    image_id: image,
    published_at: post.publishedAt,
  });
  for (const tag of post.tags) insert("cms_blog_post_tags", { post_id: post.id, tag_id: tagIds.get(tag) });
}
for (const project of seed("projects")) {
  const cover = projectCover(project);
  const image = media(cover.url, project.title, 1200, 675, cover.spec);
  insert("cms_projects", {
    id: project.id,
    title: project.title,
    slug: project.slug,
    excerpt: project.excerpt,
    content: project.content,
    image_id: image,
    published_at: project.publishedAt,
  });
}
for (const page of seed("pages")) {
  const { updatedAt, ...rest } = page;
  insert("cms_pages", { ...rest, updated_at: updatedAt });
}

const layout = seed("layout");
for (const [kind, data] of [
  ["contact", layout.contacts],
  ["menu", layout.mainMenu],
  ["footer-menu", layout.footerMenu],
  ["top-menu", layout.topMenu],
]) {
  insert("cms_single_types", { kind, locale: "en", data: JSON.stringify(data) });
}

// Arabic (decision 0089): a translation per entry over its English row (cms_translations, decision
// 0089); an entry not named in ar.json answers in English. Single types are whole documents per
// locale: the English one with its words in Arabic, paths and links unchanged.
const ar = seed("ar");
const ids = {
  category: new Map(categories.map((e) => [e.slug, e.id])),
  brand: new Map(brands.map((e) => [e.slug, e.id])),
  page: new Map(seed("pages").map((e) => [e.slug, e.id])),
  product: new Map(products.map((e) => [e.slug, e.id])),
  productLine: lineIds,
  tag: new Map(tags.map((e) => [e.slug, e.id])),
  blogPost: new Map(seed("blog-posts").map((e) => [e.slug, e.id])),
  project: new Map(seed("projects").map((e) => [e.slug, e.id])),
};
for (const { model, slug, fields } of arabicEntries(ar, ids)) {
  for (const [field, value] of Object.entries(fields)) {
    insert("cms_translations", { model, locale: "ar", entry_id: ids[model].get(slug), field, value });
  }
}
// Each shade's and size's name (the component product.variant, worker/cms/graphql/translations.ts).
for (const p of products) {
  (p.variants ?? []).forEach((v, position) => {
    const value = arabicVariantName(ar, v.name);
    insert("cms_translations", {
      model: "productVariant",
      locale: "ar",
      entry_id: p.id * 100 + position,
      field: "name",
      value,
    });
  });
}
const arLayout = arabicLayout(layout, ar);
for (const [kind, data] of [
  ["contact", arLayout.contacts],
  ["menu", arLayout.mainMenu],
  ["footer-menu", arLayout.footerMenu],
  ["top-menu", arLayout.topMenu],
]) {
  insert("cms_single_types", { kind, locale: "ar", data: JSON.stringify(data) });
}

mkdirSync(resolve(root, "dist"), { recursive: true });
writeFileSync(resolve(root, "dist/seed.sql"), `${sql.join("\n")}\n`);
writeFileSync(resolve(root, "dist/seed-refresh.sql"), `${refresh.join("\n")}\n`);
console.log(`Seed: ${sql.length} rows → dist/seed.sql (and dist/seed-refresh.sql)`);
