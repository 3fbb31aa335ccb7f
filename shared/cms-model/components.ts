import type { Component } from "./model-types";

/** The menu and button components shared by the single types (Strapi "Menus" model). */
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
];
