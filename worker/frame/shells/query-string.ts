import type { Context } from "hono";
import qs from "qs";
import { type CatalogFilter, readCatalogFilter } from "../../../shared/catalog-filter";
import { QUERY_STRING_LIMITS } from "../../../shared/constants";
import type { AppEnv } from "../../platform/app-env";

/** The request's query (a URL already parsed) with the spec's limits (depth 5, array limit 20, parameter limit 1000). */
export function parseQuery(url: URL): Record<string, unknown> {
  const search = url.search.slice(1);
  try {
    return qs.parse(search, {
      depth: QUERY_STRING_LIMITS.depth,
      arrayLimit: QUERY_STRING_LIMITS.arrayLimit,
      parameterLimit: QUERY_STRING_LIMITS.parameterLimit,
      allowPrototypes: false,
    }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A listing's filter (no scope): as its page shell read it, once per request, or from the URL where no shell did. */
export function listingFilter(c: Context<AppEnv>): CatalogFilter {
  return c.get("pageQuery")?.filter ?? readCatalogFilter(parseQuery(new URL(c.req.url)));
}
