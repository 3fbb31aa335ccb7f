import { GraphQLError } from "graphql";
import { utf8Length } from "../../../shared/bytes";
import { type ColumnKind, type EntityName, entities } from "./entities";

/* Strapi v4 filter, sort and paging inputs turned into parameterised SQL over the tables of entities.ts. */

type FilterValue = unknown;
type Filters = Record<string, FilterValue> | null | undefined;

/** D1 refuses LIKE patterns over 50 bytes ("pattern too complex"): say so as a GraphQL error instead. */
const MAX_LIKE_BYTES = 50;

function likeEscape(value: string): string {
  const escaped = value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  if (utf8Length(escaped) > MAX_LIKE_BYTES - 2) {
    throw new GraphQLError("Text filters are limited to 48 bytes", { extensions: { code: "BAD_USER_INPUT" } });
  }
  return escaped;
}

function operatorSql(column: string, op: string, value: unknown, params: unknown[]): string | null {
  const bind = (v: unknown) => {
    params.push(v);
    return `?${params.length}`;
  };
  switch (op) {
    case "eq":
      return value === null ? `${column} IS NULL` : `${column} = ${bind(value)}`;
    case "eqi":
      return `LOWER(${column}) = LOWER(${bind(value)})`;
    case "ne":
      return `(${column} IS NULL OR ${column} <> ${bind(value)})`;
    case "nei":
      return `LOWER(${column}) <> LOWER(${bind(value)})`;
    case "in":
    case "notIn": {
      const list = Array.isArray(value) ? value : [value];
      const sql = `${column} IN (SELECT value FROM json_each(${bind(JSON.stringify(list))}))`;
      return op === "in" ? sql : `NOT (${sql})`;
    }
    case "contains":
      return `${column} LIKE ${bind(`%${likeEscape(String(value))}%`)} ESCAPE '\\'`;
    case "containsi":
      return `LOWER(${column}) LIKE LOWER(${bind(`%${likeEscape(String(value))}%`)}) ESCAPE '\\'`;
    case "notContains":
      return `${column} NOT LIKE ${bind(`%${likeEscape(String(value))}%`)} ESCAPE '\\'`;
    case "notContainsi":
      return `LOWER(${column}) NOT LIKE LOWER(${bind(`%${likeEscape(String(value))}%`)}) ESCAPE '\\'`;
    case "startsWith":
      return `${column} LIKE ${bind(`${likeEscape(String(value))}%`)} ESCAPE '\\'`;
    case "endsWith":
      return `${column} LIKE ${bind(`%${likeEscape(String(value))}`)} ESCAPE '\\'`;
    case "gt":
      return `${column} > ${bind(value)}`;
    case "gte":
      return `${column} >= ${bind(value)}`;
    case "lt":
      return `${column} < ${bind(value)}`;
    case "lte":
      return `${column} <= ${bind(value)}`;
    case "between": {
      if (!Array.isArray(value) || value.length !== 2) throw new GraphQLError("between takes two values");
      return `${column} BETWEEN ${bind(value[0])} AND ${bind(value[1])}`;
    }
    case "null":
      return value ? `${column} IS NULL` : `${column} IS NOT NULL`;
    case "notNull":
      return value ? `${column} IS NOT NULL` : `${column} IS NULL`;
    default:
      return null;
  }
}

function fieldSql(column: string, kind: ColumnKind, filter: Record<string, unknown>, params: unknown[]): string[] {
  const parts: string[] = [];
  for (const [op, raw] of Object.entries(filter)) {
    if (raw === undefined) continue;
    if (op === "not" && raw && typeof raw === "object") {
      const inner = fieldSql(column, kind, raw as Record<string, unknown>, params);
      if (inner.length) parts.push(`NOT (${inner.join(" AND ")})`);
      continue;
    }
    const value = kind === "id" && raw !== null && !Array.isArray(raw) && typeof raw !== "boolean" ? Number(raw) : raw;
    const sql = operatorSql(column, op, kind === "id" && Array.isArray(raw) ? raw.map(Number) : value, params);
    if (sql) parts.push(sql);
  }
  return parts;
}

/** SQL for a filters input on an entity (the outer table is `alias`), appending parameters to `params`. */
export function whereSql(entity: EntityName, filters: Filters, alias: string, params: unknown[]): string {
  if (!filters) return "1 = 1";
  const config = entities[entity];
  const parts: string[] = [];
  for (const [field, value] of Object.entries(filters)) {
    if (value === undefined || value === null) continue;
    if (field === "and" || field === "or") {
      const list = (Array.isArray(value) ? value : [value]) as Filters[];
      const inner = list.map((f) => `(${whereSql(entity, f, alias, params)})`);
      if (inner.length) parts.push(`(${inner.join(field === "and" ? " AND " : " OR ")})`);
      continue;
    }
    if (field === "not") {
      parts.push(`NOT (${whereSql(entity, value as Filters, alias, params)})`);
      continue;
    }
    const column = config.columns[field];
    if (column) {
      parts.push(...fieldSql(`${alias}.${column.sql}`, column.kind, value as Record<string, unknown>, params));
      continue;
    }
    const relation = config.relations?.[field];
    if (relation) {
      // Named after its path from the outer table: unique along the nesting, and no state shared between requests.
      const inner = `${alias}_${field}`;
      parts.push(relation.wrap(inner, whereSql(relation.entity, value as Filters, inner, params), alias));
      continue;
    }
    throw new GraphQLError(`Invalid filter field: ${field}`, { extensions: { code: "BAD_USER_INPUT" } });
  }
  return parts.length ? parts.join(" AND ") : "1 = 1";
}

/** ["price:asc", "name"] → ORDER BY, only over sortable columns. */
export function orderSql(
  entity: EntityName,
  sort: readonly (string | null)[] | null | undefined,
  alias: string,
): string {
  const config = entities[entity];
  const parts: string[] = [];
  for (const item of sort ?? []) {
    if (!item) continue;
    const [field, direction = "asc"] = item.split(":");
    const column = config.sortable[field];
    if (!column) {
      const message = `Invalid parameter ${field}`;
      throw new GraphQLError(message, {
        extensions: { code: "BAD_USER_INPUT", error: { name: "ValidationError", message, details: {} } },
      });
    }
    parts.push(`${alias}.${column} ${direction.toLowerCase() === "desc" ? "DESC" : "ASC"}`);
  }
  const fallback = config.defaultSort
    .split(",")
    .map((p) => `${alias}.${p.trim()}`)
    .join(", ");
  return parts.length ? `${parts.join(", ")}, ${alias}.id ASC` : fallback;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

/** page/pageSize (default 10, at most 100) or start/limit, never both (Strapi's PaginationError). */
export function pageWindow(pagination: Record<string, number | null | undefined> | null | undefined): PageWindow {
  const p = pagination ?? {};
  const pageBased = p.page != null || p.pageSize != null;
  const offsetBased = p.start != null || p.limit != null;
  if (pageBased && offsetBased) {
    // Strapi's own words and error (tests/strapi compares them).
    const message = "Cannot use both page & offset pagination in the same query";
    throw new GraphQLError(message, {
      extensions: { code: "STRAPI_PAGINATION_ERROR", error: { name: "PaginationError", message, details: {} } },
    });
  }
  if (offsetBased) {
    const limit = p.limit == null || p.limit < 0 ? MAX_PAGE_SIZE : Math.min(p.limit, MAX_PAGE_SIZE);
    const start = Math.max(0, p.start ?? 0);
    return { page: Math.floor(start / Math.max(limit, 1)) + 1, pageSize: limit, offset: start };
  }
  const pageSize = Math.min(Math.max(1, p.pageSize ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const page = Math.max(1, p.page ?? 1);
  return { page, pageSize, offset: (page - 1) * pageSize };
}
