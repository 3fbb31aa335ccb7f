import {
  buildClientSchema,
  type DocumentNode,
  type GraphQLSchema,
  getIntrospectionQuery,
  type IntrospectionQuery,
  print,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { type Backend, graphql } from "./graphql-http";
import { storefrontDocuments } from "./storefront-documents";

/** Both CMSs' schemas, by introspection over HTTP, as any GraphQL client sees them. */
async function introspect(backend: Backend): Promise<GraphQLSchema> {
  const answer = await graphql(backend, getIntrospectionQuery());
  expect(answer.body.errors ?? []).toEqual([]);
  return buildClientSchema(answer.body.data as unknown as IntrospectionQuery);
}

/**
 * What a document touches in a schema: each `Type.field: ReturnType` and each argument it
 * passes `Type.field(arg): ArgType`, plus its variables' types.
 */
function usedSignatures(schema: GraphQLSchema, document: DocumentNode): string[] {
  const typeInfo = new TypeInfo(schema);
  const used: string[] = [];
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        used.push(`${parent?.name}.${field?.name}: ${field ? String(field.type) : "MISSING"}`);
      },
      Argument(node) {
        const parent = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        const arg = typeInfo.getArgument();
        used.push(`${parent?.name}.${field?.name}(${node.name.value}: ${arg ? String(arg.type) : "MISSING"})`);
      },
      ObjectField(node) {
        const input = typeInfo.getInputType();
        used.push(`input .${node.name.value}: ${input ? String(input) : "MISSING"}`);
      },
      VariableDefinition(node) {
        used.push(`$${node.variable.name.value}: ${print(node.type)}${typeInfo.getInputType() ? "" : " MISSING"}`);
      },
    }),
  );
  return used;
}

const documents = storefrontDocuments();
let embedded: GraphQLSchema;
let strapi: GraphQLSchema;
beforeAll(async () => {
  [embedded, strapi] = await Promise.all([introspect("embedded"), introspect("strapi")]);
});

describe("the embedded CMS's schema and a real Strapi's agree on what the storefront queries", () => {
  it("finds the storefront's queries in worker/platform/cms-client", () => {
    const names = documents.map((d) => d.name);
    for (const name of [
      "contactsQuery",
      "menuQuery",
      "menuFooterQuery",
      "menuTopQuery",
      "productsQuery",
      "pagesQuery",
    ]) {
      expect(names).toContain(name);
    }
  });

  for (const { name, document } of documents) {
    it(`${name} is valid against both and touches the same types, fields and arguments`, () => {
      expect(validate(strapi, document).map((e) => e.message)).toEqual([]);
      expect(validate(embedded, document).map((e) => e.message)).toEqual([]);
      expect(usedSignatures(embedded, document)).toEqual(usedSignatures(strapi, document));
    });
  }

  it("types every filter input field the storefront builds at run time alike", () => {
    // productsQuery and blogPostsQuery pass filters as variables: compare the inputs' fields.
    for (const input of ["ProductFiltersInput", "BlogPostFiltersInput", "ProjectFiltersInput", "PageFiltersInput"]) {
      const mine = embedded.getType(input);
      const theirs = strapi.getType(input);
      expect(theirs, input).toBeDefined();
      expect(mine, input).toBeDefined();
      const fields = (t: unknown) =>
        Object.fromEntries(
          Object.entries((t as { getFields(): Record<string, { type: unknown }> }).getFields()).map(([k, v]) => [
            k,
            String(v.type),
          ]),
        );
      const embeddedFields = fields(mine);
      const strapiFields = fields(theirs);
      for (const [field, type] of Object.entries(embeddedFields))
        expect(`${field}: ${strapiFields[field]}`).toBe(`${field}: ${type}`);
    }
  });
});
