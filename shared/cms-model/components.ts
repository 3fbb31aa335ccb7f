import type { Component } from "./model-types";

/**
 * The menu and button components shared by the single types (Strapi "Menus" model), the contacts'
 * postal address, and a product's variants: its shades or sizes, each sold under its own SKU.
 */
export const components: readonly Component[] = [
  {
    uid: "menu.sublink",
    displayName: "Sublink",
    attributes: {
      class: { type: "string" },
      title: { type: "string" },
      active: { type: "boolean", default: true },
      path: { type: "string" },
      group: { type: "string" },
    },
  },
  {
    uid: "menu.menu-item",
    displayName: "Menu item",
    attributes: {
      parent: { type: "string" },
      title: { type: "string" },
      path: { type: "string" },
      megaMenu: { type: "boolean", default: false },
      class: { type: "string" },
      sublinks: { type: "component", component: "menu.sublink", repeatable: true },
    },
  },
  {
    uid: "shared.button",
    displayName: "Button",
    attributes: {
      classes: { type: "string" },
      color: { type: "string" },
      iconClass: { type: "string" },
      modal: { type: "string" },
      outlined: { type: "boolean", default: false },
      path: { type: "string" },
      size: { type: "string" },
      text: { type: "string" },
      window: { type: "string" },
    },
  },
  {
    /** The shop's address, in the contacts' language: schema.org PostalAddress's fields (decision 0134). */
    uid: "shared.postal-address",
    displayName: "Postal address",
    attributes: {
      streetAddress: { type: "string" },
      addressLocality: { type: "string" },
      addressRegion: { type: "string" },
      postalCode: { type: "string" },
      /** ISO 3166-1 alpha-2; empty: the shop's own, AE. */
      addressCountry: { type: "string" },
    },
  },
  {
    uid: "product.variant",
    displayName: "Variant",
    attributes: {
      name: { type: "string", required: true },
      kind: { type: "enumeration", enum: ["shade", "size"], required: true },
      sku: { type: "string", required: true },
      price: { type: "float", required: true },
      oldPrice: { type: "float" },
      /** A shade's colour as `#rrggbb`, drawn as its swatch. */
      swatch: { type: "string" },
      image: { type: "media", multiple: false },
      /** Overrides the product's availability for this variant; empty: the product's. */
      availability: { type: "enumeration", enum: ["in_stock", "out_of_stock", "none", "prepurchase"] },
    },
  },
];
