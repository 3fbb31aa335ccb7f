import {
  buildSchema,
  type DocumentNode,
  execute,
  type GraphQLError,
  GraphQLScalarType,
  type GraphQLSchema,
  Kind,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { writeLine } from "../../../shared/log/log-line";
import { authenticateBearer, type BearerResult, bearerErrorBody } from "../auth/bearer-auth";
import { depthAndCostLimit } from "./limits";
import { type CmsContext, createLoaders } from "./loaders";
import { isCmsLocale } from "./locales";
import { ReadBatch } from "./read-batch";
import { rootValue } from "./resolvers";
import { typeDefs } from "./schema";
import { createTranslationLoaders } from "./translations";

/**
 * The embedded CMS's GraphQL endpoint. Like Strapi, a POST with an invalid
 * Bearer token is refused with 401 and the REST error envelope before the
 * query runs; GET serves queries without authentication.
 */
let schema: GraphQLSchema | undefined;
/** Built once per isolate: the schema is static, derived from no request or secret. */
function cmsSchema(): GraphQLSchema {
  if (!schema) {
    schema = buildSchema(typeDefs);
    checkLocales(schema);
  }
  return schema;
}

/**
 * I18NLocaleCode accepts only the CMS's locales (locales.ts), as Strapi's i18n plugin accepts
 * only installed ones: an unknown locale is a validation error, not an empty answer.
 */
function checkLocales(built: GraphQLSchema): void {
  const scalar = built.getType("I18NLocaleCode");
  if (!(scalar instanceof GraphQLScalarType)) return;
  const check = (value: unknown) => {
    if (!isCmsLocale(value)) {
      // A plain Error, so graphql-js words it as Strapi's answer does ("Expected value of type …").
      throw new TypeError("Unknown locale supplied");
    }
    return value;
  };
  scalar.parseValue = check;
  scalar.parseLiteral = (node) => check(node.kind === Kind.STRING ? node.value : undefined);
}

const MAX_QUERY_LENGTH = 20_000;

/**
 * Parsed and validated documents by query text. The storefront sends the same
 * few queries over and over; parsing and validating each costs more CPU than
 * running it. Only valid documents are kept, at most 200 per isolate.
 */
const validDocuments = new Map<string, DocumentNode>();
const MAX_CACHED_DOCUMENTS = 200;

export interface GraphQLRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

function errorEnvelope(status: number, name: string, message: string): Response {
  return Response.json({ data: null, error: { status, name, message, details: {} } }, { status });
}

async function readRequest(request: Request): Promise<GraphQLRequest | Response> {
  if (request.method === "GET") {
    const url = new URL(request.url);
    let variables: unknown = null;
    try {
      variables = url.searchParams.has("variables") ? JSON.parse(url.searchParams.get("variables") ?? "") : null;
    } catch {
      return Response.json({ errors: [{ message: "Variables must be JSON" }] }, { status: 400 });
    }
    return { query: url.searchParams.get("query"), variables, operationName: url.searchParams.get("operationName") };
  }
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    return Response.json({ errors: [{ message: "The request body must be JSON" }] }, { status: 400 });
  }
  // `null`, `[]` or `"x"` parse as JSON but are not a request: Apollo answers 400 too.
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return Response.json(
      { errors: [{ message: "The request body must be a JSON object with a query" }] },
      { status: 400 },
    );
  }
  return value as GraphQLRequest;
}

/** Runs one GraphQL request against the embedded CMS and answers as Strapi's Apollo server would. */
export async function handleGraphql(request: Request, env: Env): Promise<Response> {
  if (request.method !== "GET" && request.method !== "POST") {
    return errorEnvelope(405, "MethodNotAllowedError", "Method Not Allowed");
  }
  // The Bearer token is checked the way Strapi's content API does (shared with the REST auth API);
  // its user is who `me` answers about.
  let bearer: BearerResult = { kind: "anonymous" };
  if (request.method === "POST") {
    bearer = await authenticateBearer(env, env.DB, request.headers.get("authorization"));
    if (bearer.kind === "invalid") return Response.json(bearerErrorBody(bearer), { status: 401 });
  }
  const body = await readRequest(request);
  if (body instanceof Response) return body;
  if (typeof body.query !== "string" || body.query.length === 0) {
    return Response.json({ errors: [{ message: "Must provide query string." }] }, { status: 400 });
  }
  if (body.query.length > MAX_QUERY_LENGTH) {
    return Response.json({ errors: [{ message: "Query is too long" }] }, { status: 400 });
  }
  let document = validDocuments.get(body.query);
  if (!document) {
    try {
      document = parse(body.query);
    } catch (error) {
      return Response.json({ errors: [{ message: (error as GraphQLError).message }] }, { status: 400 });
    }
    const errors = validate(cmsSchema(), document, [...specifiedRules, depthAndCostLimit]);
    if (errors.length) {
      const answer = errors.map((e) => ({ ...e.toJSON(), extensions: { code: "GRAPHQL_VALIDATION_FAILED" } }));
      return Response.json({ errors: answer }, { status: 400 });
    }
    if (validDocuments.size >= MAX_CACHED_DOCUMENTS) validDocuments.clear();
    validDocuments.set(body.query, document);
  }
  if (
    request.method === "GET" &&
    document.definitions.some((d) => d.kind === "OperationDefinition" && d.operation !== "query")
  ) {
    return Response.json({ errors: [{ message: "Only queries can be sent with GET" }] }, { status: 405 });
  }
  const reads = new ReadBatch(env.DB);
  const context: CmsContext = {
    db: env.DB,
    loaders: createLoaders(reads),
    translations: createTranslationLoaders(reads),
    user: bearer.kind === "user" ? bearer.user : null,
  };
  const result = await execute({
    schema: cmsSchema(),
    document,
    rootValue,
    contextValue: context,
    variableValues:
      body.variables && typeof body.variables === "object" ? (body.variables as Record<string, unknown>) : undefined,
    operationName: typeof body.operationName === "string" ? body.operationName : undefined,
  });
  // No data at all: the request's variables did not fit the document (an unknown locale among
  // them), which Strapi's Apollo answers with 400 and the coercion's message, not a 500's.
  if (!("data" in result) && result.errors?.length) {
    const answer = result.errors.map((e) => ({
      message: e.message,
      locations: e.locations,
      extensions: { code: "BAD_USER_INPUT" },
    }));
    return Response.json({ errors: answer }, { status: 400 });
  }
  if (result.errors?.length) {
    for (const error of result.errors) {
      if (!error.extensions?.code) writeLine("error", "CMS GraphQL error", { error: error.originalError ?? error });
    }
  }
  return Response.json({
    data: result.data ?? null,
    ...(result.errors?.length
      ? {
          errors: result.errors.map((e) => ({
            message: e.extensions?.code ? e.message : "Internal server error",
            locations: e.locations,
            path: e.path,
            extensions: {
              ...(e.extensions?.code && e.extensions.error ? { error: e.extensions.error } : {}),
              code: e.extensions?.code ?? "INTERNAL_SERVER_ERROR",
            },
          })),
        }
      : {}),
  });
}
