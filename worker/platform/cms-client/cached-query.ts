import type { AnyVariables, DocumentInput } from "@urql/core";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { cachedRecord } from "../caches/kv-records";
import { createCmsClient, runQuery } from "./client";
import { withContentLocale } from "./content-locale";

/**
 * A GraphQL query's data through the KV record cache (caches/kv-records.ts); null when the CMS
 * failed, which the request remembers (`cmsFailed`): a page that found no record then must not
 * be kept as a "not found".
 */
export function cachedQuery<Data, Variables extends AnyVariables>(
  c: Context<AppEnv>,
  document: DocumentInput<Data, Variables>,
  variables: Variables,
  label: string,
): Promise<Data | null> {
  // Keyed by the locale the CMS is asked for: an Arabic page's English records are the English pages' own.
  return cachedRecord(c, label, withContentLocale(variables), async () => {
    const data = await runQuery(createCmsClient({ env: c.env }), document, variables, label);
    if (data === null) c.set("cmsFailed", true);
    return data;
  });
}
