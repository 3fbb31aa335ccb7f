/**
 * The vocabulary of the shop's content model: a small subset of Strapi v4's
 * schema.json, enough to generate both the embedded CMS's GraphQL schema and a
 * real Strapi project from one definition (see ./content-model.ts).
 */
export type ScalarKind =
  | "string"
  | "text"
  | "richtext"
  | "uid"
  | "email"
  | "integer"
  | "float"
  | "decimal"
  | "boolean"
  | "datetime"
  | "json";

export interface ScalarAttribute {
  type: ScalarKind;
  required?: boolean;
  /** For `uid`: the attribute it is made from. */
  targetField?: string;
  default?: string | number | boolean;
  /** The embedded CMS's column when it is not the attribute's snake_case name. */
  column?: string;
}
export interface EnumAttribute {
  type: "enumeration";
  enum: readonly string[];
  required?: boolean;
}
export interface MediaAttribute {
  type: "media";
  multiple: boolean;
  required?: boolean;
}
export type RelationKind = "oneToOne" | "manyToOne" | "oneToMany" | "manyToMany";
export interface RelationAttribute {
  type: "relation";
  relation: RelationKind;
  /** The singular name of the related type. */
  target: string;
  inversedBy?: string;
  mappedBy?: string;
}
export interface ComponentAttribute {
  type: "component";
  /** `category.name`, e.g. `menu.menu-item`. */
  component: string;
  repeatable: boolean;
}
/**
 * A value the CMS computes rather than stores (Strapi: a GraphQL field added by
 * the project's extension; embedded: a resolver). Never a column or schema.json attribute.
 */
export interface ComputedAttribute {
  type: "computed";
  graphql: "Int!" | "Int" | "String";
  why: string;
}
export type Attribute =
  | ScalarAttribute
  | EnumAttribute
  | MediaAttribute
  | RelationAttribute
  | ComponentAttribute
  | ComputedAttribute;

export interface ContentType {
  kind: "singleType" | "collectionType";
  singularName: string;
  pluralName: string;
  displayName: string;
  /** Strapi's draft & publish: gives the type `publishedAt`. */
  draftAndPublish: boolean;
  /** Every type is localised (i18n); kept explicit so a reader sees it. */
  localized: true;
  attributes: Record<string, Attribute>;
  /** What the shop reads anonymously: granted to Strapi's Public role. */
  publicActions: readonly ("find" | "findOne")[];
}

export interface Component {
  /** `category.name`. */
  uid: string;
  displayName: string;
  attributes: Record<string, ScalarAttribute | EnumAttribute | MediaAttribute | ComponentAttribute>;
}
