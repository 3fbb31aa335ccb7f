import type { Attribute, ContentType } from "./model-types";

/**
 * The shop's content types, defined once. The embedded CMS's GraphQL schema
 * (worker/cms/graphql/schema.ts) and the Strapi v4 project in strapi/
 * (scripts/strapi/generate.mjs) are both made from this list; the `cms_*`
 * tables are checked against it (tests/worker/cms-model.test.ts).
 */
const media = (multiple = false): Attribute => ({ type: "media", multiple });
const read = ["find", "findOne"] as const;

/**
 * A slug is one per entry, the same in every locale (the shop's Arabic pages are its English paths
 * under /ar, decision 0088). A plain string, not a `uid`: Strapi 4.25 keeps a uid column unique across
 * all locales (a UNIQUE index), so an entry's localization could not share its slug
 * (docs/decisions/0089). The embedded CMS keeps it unique per locale (UNIQUE (locale, slug)).
 */
const SLUG: Attribute = { type: "string", required: true };

export const contentTypes: readonly ContentType[] = [
  {
    kind: "singleType",
    singularName: "contact",
    pluralName: "contacts",
    displayName: "Contact",
    draftAndPublish: false,
    localized: true,
    publicActions: ["find"],
    attributes: {
      company: { type: "string" },
      email: { type: "email" },
      phone: { type: "string" },
      phoneSecondary: { type: "string" },
      logotype: media(),
      icon: media(),
      receiver: { type: "email" },
      whatsapp: { type: "string" },
      telegram: { type: "string" },
      vk: { type: "string" },
      facebook: { type: "string" },
      instagram: { type: "string" },
      youtube: { type: "string" },
      address: { type: "component", component: "shared.postal-address", repeatable: false },
    },
  },
  {
    kind: "singleType",
    singularName: "menu",
    pluralName: "menus",
    displayName: "Menu",
    draftAndPublish: false,
    localized: true,
    publicActions: ["find"],
    attributes: {
      menu: { type: "component", component: "menu.menu-item", repeatable: true },
      button: { type: "component", component: "shared.button", repeatable: false },
    },
  },
  {
    kind: "singleType",
    singularName: "footer-menu",
    pluralName: "footer-menus",
    displayName: "Footer menu",
    draftAndPublish: false,
    localized: true,
    publicActions: ["find"],
    attributes: {
      slogan: { type: "string" },
      copyrights: { type: "string" },
      policyLink: { type: "string" },
      menu: { type: "component", component: "menu.menu-item", repeatable: true },
      button: { type: "component", component: "shared.button", repeatable: false },
    },
  },
  {
    kind: "singleType",
    singularName: "top-menu",
    pluralName: "top-menus",
    displayName: "Top menu",
    draftAndPublish: false,
    localized: true,
    publicActions: ["find"],
    attributes: {
      menu: { type: "component", component: "menu.menu-item", repeatable: true },
    },
  },
  {
    kind: "collectionType",
    singularName: "category",
    pluralName: "categories",
    displayName: "Category",
    draftAndPublish: false,
    localized: true,
    publicActions: read,
    attributes: {
      name: { type: "string", required: true },
      slug: SLUG,
      description: { type: "text" },
      image: media(),
      productCount: {
        type: "computed",
        graphql: "Int!",
        why: "the catalogue shows how many products a category has; counting keeps it true after every edit",
      },
    },
  },
  {
    kind: "collectionType",
    singularName: "brand",
    pluralName: "brands",
    displayName: "Brand",
    draftAndPublish: false,
    localized: true,
    publicActions: read,
    attributes: {
      name: { type: "string", required: true },
      slug: SLUG,
      description: { type: "text" },
      colour: { type: "string" },
      logo: media(),
      productCount: {
        type: "computed",
        graphql: "Int!",
        why: "the brands page shows how many products each brand has; counting keeps it true after every edit",
      },
      productLines: { type: "relation", relation: "oneToMany", target: "product-line", mappedBy: "brand" },
    },
  },
  {
    kind: "collectionType",
    singularName: "product-line",
    pluralName: "product-lines",
    displayName: "Product line",
    draftAndPublish: false,
    localized: true,
    publicActions: read,
    attributes: {
      name: { type: "string", required: true },
      slug: { type: "string", required: true },
      brand: { type: "relation", relation: "manyToOne", target: "brand", inversedBy: "productLines" },
    },
  },
  {
    kind: "collectionType",
    singularName: "product",
    pluralName: "products",
    displayName: "Product",
    draftAndPublish: true,
    localized: true,
    publicActions: read,
    attributes: {
      name: { type: "string", required: true },
      slug: SLUG,
      sku: { type: "string", required: true },
      description: { type: "richtext" },
      ingredients: { type: "text" },
      howToUse: { type: "text" },
      volume: { type: "string" },
      price: { type: "float", required: true },
      oldPrice: { type: "float" },
      availability: { type: "enumeration", enum: ["in_stock", "out_of_stock", "none", "prepurchase"] },
      year: { type: "integer" },
      popularity: { type: "integer", default: 0 },
      brand: { type: "relation", relation: "manyToOne", target: "brand" },
      line: { type: "relation", relation: "manyToOne", target: "product-line" },
      category: { type: "relation", relation: "manyToOne", target: "category" },
      images: media(true),
      variants: { type: "component", component: "product.variant", repeatable: true },
    },
  },
  {
    kind: "collectionType",
    singularName: "tag",
    pluralName: "tags",
    displayName: "Tag",
    draftAndPublish: false,
    localized: true,
    publicActions: read,
    attributes: {
      name: { type: "string", required: true },
      slug: SLUG,
    },
  },
  {
    kind: "collectionType",
    singularName: "blog-post",
    pluralName: "blog-posts",
    displayName: "Blog post",
    draftAndPublish: true,
    localized: true,
    publicActions: read,
    attributes: {
      title: { type: "string", required: true },
      slug: SLUG,
      excerpt: { type: "text" },
      content: { type: "richtext" },
      image: media(),
      tags: { type: "relation", relation: "manyToMany", target: "tag" },
    },
  },
  {
    kind: "collectionType",
    singularName: "project",
    pluralName: "projects",
    displayName: "Project",
    draftAndPublish: true,
    localized: true,
    publicActions: read,
    attributes: {
      title: { type: "string", required: true },
      slug: SLUG,
      excerpt: { type: "text" },
      content: { type: "richtext" },
      image: media(),
    },
  },
  {
    kind: "collectionType",
    singularName: "page",
    pluralName: "pages",
    displayName: "Page",
    draftAndPublish: false,
    localized: true,
    publicActions: read,
    attributes: {
      title: { type: "string", required: true },
      slug: SLUG,
      description: { type: "text" },
      content: { type: "richtext" },
    },
  },
];
