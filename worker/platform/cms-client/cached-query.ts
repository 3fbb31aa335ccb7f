import type { AnyVariables, DocumentInput } from "@urql/core";
import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { cachedRecord } from "../caches/kv-records";
import { createCmsClient, runQuery } from "./client";

/** A GraphQL query's data through the KV record cache (caches/kv-records.ts); null when the CMS failed. */
export function cachedQuery<Data, Variables extends AnyVariables>(
  c: Context<AppEnv>,
  document: DocumentInput<Data, Variables>,
  variables: Variables,
  label: string,
): Promise<Data | null> {
  return cachedRecord(c, label, variables, () => runQuery(createCmsClient({ env: c.env }), document, variables, label));
}
