import { components } from "./components";
import { contentTypes } from "./content-types";
import type { Attribute, ContentType } from "./model-types";

/**
 * The content model's GraphQL object types as Strapi v4's GraphQL plugin names and shapes
 * them: `Type { …attributes, updatedAt, publishedAt (draft & publish), locale }`, the
 * `TypeEntity { id attributes }` wrappers, media as UploadFile entities, components
 * unwrapped. The embedded CMS's schema (worker/cms/graphql/schema.ts) is made from this, so
 * a field added to the model appears in both backends; tests/strapi compares the two.
 */
export function typeName(singularName: string): string {
  return singularName.replace(/(^|-)([a-z])/g, (_, _dash: string, ch: string) => ch.toUpperCase());
}

export function componentTypeName(uid: string): string {
  const [category, name] = uid.split(".");
  return `Component${typeName(category)}${typeName(name)}`;
}

function fieldType(owner: string, name: string, attr: Attribute): string {
  switch (attr.type) {
    case "media":
      return attr.multiple
        ? `${name}(pagination: PaginationArg = {}): UploadFileRelationResponseCollection`
        : `${name}: UploadFileEntityResponse`;
    case "relation": {
      const target = typeName(attr.target);
      const many = attr.relation === "oneToMany" || attr.relation === "manyToMany";
      return many ? `${name}: ${target}RelationResponseCollection` : `${name}: ${target}EntityResponse`;
    }
    case "component": {
      const type = componentTypeName(attr.component);
      return attr.repeatable ? `${name}(pagination: PaginationArg = {}): [${type}]` : `${name}: ${type}`;
    }
    case "computed":
      return `${name}: ${attr.graphql}`;
    case "enumeration":
      return `${name}: ENUM_${owner.toUpperCase()}_${name.toUpperCase()}${attr.required ? "!" : ""}`;
    default: {
      const scalar = {
        string: "String",
        text: "String",
        richtext: "String",
        uid: "String",
        email: "String",
        integer: "Int",
        float: "Float",
        decimal: "Float",
        boolean: "Boolean",
        datetime: "DateTime",
        json: "JSON",
      }[attr.type];
      return `${name}: ${scalar}${attr.required ? "!" : ""}`;
    }
  }
}

/** Strapi names an enum after its owner: `ENUM_PRODUCT_AVAILABILITY`, `ENUM_COMPONENTPRODUCTVARIANT_KIND`. */
function enums(owner: string, attributes: ContentType["attributes"]): string[] {
  return Object.entries(attributes).flatMap(([name, attr]) =>
    attr.type === "enumeration"
      ? [`enum ENUM_${owner.toUpperCase()}_${name.toUpperCase()} { ${attr.enum.join(", ")} }`]
      : [],
  );
}

function contentTypeSdl(type: ContentType): string {
  const name = typeName(type.singularName);
  const fields = Object.entries(type.attributes).map(([field, attr]) => fieldType(name, field, attr));
  fields.push("updatedAt: DateTime");
  if (type.draftAndPublish) fields.push("publishedAt: DateTime");
  fields.push("locale: String");
  const lines = [
    ...enums(name, type.attributes),
    `type ${name} {\n  ${fields.join("\n  ")}\n}`,
    `type ${name}Entity { id: ID, attributes: ${name} }`,
    `type ${name}EntityResponse { data: ${name}Entity }`,
  ];
  if (type.kind === "collectionType") {
    lines.push(`type ${name}EntityResponseCollection { data: [${name}Entity!]!, meta: ResponseCollectionMeta! }`);
    lines.push(`type ${name}RelationResponseCollection { data: [${name}Entity!]! }`);
  }
  return lines.join("\n");
}

export function modelTypeDefs(): string {
  const componentSdl = components.map((component) => {
    const name = componentTypeName(component.uid);
    const fields = Object.entries(component.attributes).map(([field, attr]) => fieldType(name, field, attr));
    return [...enums(name, component.attributes), `type ${name} {\n  id: ID!\n  ${fields.join("\n  ")}\n}`].join("\n");
  });
  return [...componentSdl, ...contentTypes.map(contentTypeSdl)].join("\n\n");
}
