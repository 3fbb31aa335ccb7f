// The embedded CMS's seed (worker/cms/seed/*.json, the same data scripts/build-seed.mjs
// loads into D1) as Strapi entries for strapi/src/seed: entries in creation order, each
// with a stable key, its media by file name and its relations by the related entry's key.
// Illustrations are drawn here once (the embedded CMS draws them per request).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { arabicEntries, arabicLayout, arabicVariantName } from "../seed-arabic.mjs";

const PALETTE = ["#9A5663", "#5E6E59", "#8A5A12", "#7E4651", "#3F5A5A", "#A0762E"];
const VIEWS = ["front", "side", "texture", "in use"];

export function buildStrapiSeed(root, model) {
  const seed = (name) => JSON.parse(readFileSync(resolve(root, "worker/cms/seed", `${name}.json`), "utf8"));
  const media = new Map();
  const mediaInfo = [];
  const entries = [];
  function addMedia(name, svg, alternativeText) {
    media.set(name, svg);
    mediaInfo.push({ file: name, alternativeText });
    return name;
  }
  const illustration = (name, alt, width, height, spec) =>
    addMedia(name, model.drawIllustration(spec, width, height), alt);
  const entry = (type, key, data, links = {}) =>
    entries.push({
      uid: `api::${type}.${type}`,
      key,
      data,
      media: links.media ?? {},
      relations: links.relations ?? {},
    });

  const layout = seed("layout");
  const withoutIds = (items) =>
    (items ?? []).map(({ id: _id, sublinks, ...item }) => ({
      ...item,
      sublinks: (sublinks ?? []).map(({ id: _sid, ...link }) => link),
    }));
  const button = (b) => {
    if (!b) return null;
    const { id: _id, ...rest } = b;
    return rest;
  };
  const { logotype, icon, ...contact } = layout.contacts;
  entry("contact", "contact", contact, {
    media: {
      logotype: addMedia("noor-beauty-logotype.svg", model.brandLogotype(), logotype.alternativeText),
      icon: addMedia("noor-beauty-icon.svg", model.brandIcon(), icon.alternativeText),
    },
  });
  entry("menu", "menu", { menu: withoutIds(layout.mainMenu.menu), button: button(layout.mainMenu.button) });
  const { menu: footerItems, button: footerButton, id: _f, ...footer } = layout.footerMenu;
  entry("footer-menu", "footer-menu", { ...footer, menu: withoutIds(footerItems), button: button(footerButton) });
  entry("top-menu", "top-menu", { menu: withoutIds(layout.topMenu.menu) });

  seed("categories").forEach((c, i) => {
    const image = illustration(`category-${c.slug}.svg`, c.name, 800, 600, {
      kind: "category",
      colour: PALETTE[i % PALETTE.length],
      variant: i,
    });
    entry(
      "category",
      `category:${c.slug}`,
      { name: c.name, slug: c.slug, description: c.description, position: i },
      { media: { image } },
    );
  });
  for (const b of seed("brands")) {
    const logo = illustration(`brand-${b.slug}.svg`, `${b.name} logo`, 240, 120, {
      kind: "brand",
      colour: b.colour,
      label: b.name,
    });
    entry(
      "brand",
      `brand:${b.slug}`,
      { name: b.name, slug: b.slug, description: b.description, colour: b.colour },
      { media: { logo } },
    );
    for (const l of b.lines) {
      entry(
        "product-line",
        `product-line:${b.slug}/${l.slug}`,
        { name: l.name, slug: l.slug },
        { relations: { brand: `brand:${b.slug}` } },
      );
    }
  }
  const published = (p) =>
    `${p.year}-${String((p.id % 12) + 1).padStart(2, "0")}-${String((p.id % 27) + 1).padStart(2, "0")}T09:00:00.000Z`;
  for (const p of seed("products")) {
    const images = Array.from({ length: p.images }, (_, i) =>
      illustration(`product-${p.slug}-${i + 1}.svg`, `${p.name}, ${VIEWS[i]} view`, 800, 800, {
        kind: p.kind,
        colour: p.colour,
        variant: i,
      }),
    );
    const variants = (p.variants ?? []).map(({ onHand: _shopStock, ...v }) => v);
    // A shade's picture, by the path of its field inside the component (strapi/src/seed.js sets it).
    const variantImages = Object.fromEntries(
      variants.flatMap((v, i) =>
        v.swatch
          ? [
              [
                `variants.${i}.image`,
                illustration(`product-${p.slug}-${v.sku.toLowerCase()}.svg`, `${p.name}, ${v.name}`, 800, 800, {
                  kind: p.kind,
                  colour: v.swatch,
                  variant: 0,
                }),
              ],
            ]
          : [],
      ),
    );
    entry(
      "product",
      `product:${p.slug}`,
      {
        name: p.name,
        slug: p.slug,
        sku: p.sku,
        description: p.description,
        ingredients: p.ingredients,
        howToUse: p.howToUse,
        volume: p.volume,
        price: p.price,
        oldPrice: p.oldPrice,
        availability: p.availability,
        year: p.year,
        popularity: p.popularity,
        publishedAt: published(p),
        variants,
      },
      {
        media: { images, ...variantImages },
        relations: { brand: `brand:${p.brand}`, line: `product-line:${p.line}`, category: `category:${p.category}` },
      },
    );
  }
  for (const t of seed("tags")) entry("tag", `tag:${t.slug}`, { name: t.name, slug: t.slug });
  for (const post of seed("blog-posts")) {
    const image = illustration(`blog-${post.slug}.svg`, post.title, 1200, 675, {
      kind: "post",
      colour: post.image.colour,
      variant: post.id,
    });
    entry(
      "blog-post",
      `blog-post:${post.slug}`,
      {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        content: post.content,
        publishedAt: post.publishedAt,
      },
      { media: { image }, relations: { tags: post.tags.map((t) => `tag:${t}`) } },
    );
  }
  for (const project of seed("projects")) {
    const image = illustration(`project-${project.slug}.svg`, project.title, 1200, 675, {
      kind: "project",
      colour: project.image.colour,
      variant: project.id,
    });
    entry(
      "project",
      `project:${project.slug}`,
      {
        title: project.title,
        slug: project.slug,
        excerpt: project.excerpt,
        content: project.content,
        publishedAt: project.publishedAt,
      },
      { media: { image } },
    );
  }
  for (const page of seed("pages")) {
    entry("page", `page:${page.slug}`, {
      title: page.title,
      slug: page.slug,
      description: page.description,
      content: page.content,
    });
  }
  // Arabic (decision 0089): every entry gets an `ar` localization in Strapi (strapi/src/seed.js), its
  // words in Arabic where ar.json has them and in English otherwise, so a query in `ar` lists the
  // same entries as the embedded CMS's per-entry fallback does.
  const ar = seed("ar");
  const arLayout = arabicLayout(layout, ar);
  // The Arabic contacts' logotype and icon are uploads of their own, described in Arabic (a media file is not
  // localized in Strapi; the embedded CMS keeps the localization's own alternative text).
  const contactEntry = entries.find((e) => e.key === "contact");
  contactEntry.localizedMedia = {
    ar: {
      logotype: addMedia(
        "noor-beauty-logotype-ar.svg",
        model.brandLogotype(),
        arLayout.contacts.logotype.alternativeText,
      ),
      icon: addMedia("noor-beauty-icon-ar.svg", model.brandIcon(), arLayout.contacts.icon.alternativeText),
    },
  };
  const arabic = new Map([
    ["contact", { company: arLayout.contacts.company, address: arLayout.contacts.address }],
    ["menu", { menu: withoutIds(arLayout.mainMenu.menu), button: button(arLayout.mainMenu.button) }],
    [
      "footer-menu",
      (({ menu, button: b, id: _id, ...rest }) => ({ ...rest, menu: withoutIds(menu), button: button(b) }))(
        arLayout.footerMenu,
      ),
    ],
    ["top-menu", { menu: withoutIds(arLayout.topMenu.menu) }],
  ]);
  const slugsOf = (type) => new Set(entries.filter((e) => e.uid === `api::${type}.${type}`).map((e) => e.data.slug));
  const known = {
    category: slugsOf("category"),
    brand: slugsOf("brand"),
    page: slugsOf("page"),
    product: slugsOf("product"),
    productLine: new Set(
      entries.filter((e) => e.uid === "api::product-line.product-line").map((e) => e.key.slice("product-line:".length)),
    ),
    tag: slugsOf("tag"),
    blogPost: slugsOf("blog-post"),
    project: slugsOf("project"),
  };
  // The embedded CMS's model names (worker/cms/graphql/translations.ts) as this seed's entry keys.
  const keyOf = { productLine: "product-line", blogPost: "blog-post" };
  const camel = (column) => column.replace(/_([a-z])/g, (_m, c) => c.toUpperCase());
  for (const { model, slug, fields } of arabicEntries(ar, known)) {
    arabic.set(
      `${keyOf[model] ?? model}:${slug}`,
      Object.fromEntries(Object.entries(fields).map(([k, v]) => [camel(k), v])),
    );
  }
  // A product's Arabic localization has its own copy of the variants component (as Strapi's i18n keeps
  // components per locale): the same SKUs, prices and pictures, each shade's and size's name in Arabic.
  for (const e of entries) {
    if (e.uid !== "api::product.product" || !e.data.variants?.length) continue;
    const variants = e.data.variants.map((v) => ({ ...v, name: arabicVariantName(ar, v.name) }));
    arabic.set(e.key, { ...(arabic.get(e.key) ?? {}), variants });
  }
  for (const e of entries) e.localizations = { ar: arabic.get(e.key) ?? {} };
  return { document: { media: mediaInfo, entries }, media };
}
