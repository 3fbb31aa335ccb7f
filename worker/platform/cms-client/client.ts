import { type AnyVariables, Client, type DocumentInput, fetchExchange } from "@urql/core";
import { retryExchange } from "@urql/exchange-retry";
import { FETCH_RETRIES, RETRY_STATUSES } from "../../../shared/constants";
import type { ShopBindings } from "../app-env";
import { log } from "../log/log";

/**
 * The storefront's one way to the CMS's GraphQL, through the CMS service in the bindings
 * (cms-service.ts): `${CMS_URL}/graphql` over the network, or, with CMS_URL empty, the
 * embedded CMS in process (a fetch that never leaves the isolate). Queries are retried on a network
 * failure or a retryable status (FETCH_RETRIES.nonMutating times); mutations
 * never are (FETCH_RETRIES.mutating is 0; spec section 8).
 * Built per request from the env: nothing request-derived lives at module scope.
 */
export interface CmsClientOptions {
  env: ShopBindings;
  /** Sent only on calls about the shopper; shared content is fetched anonymously. */
  token?: string | null;
  /** Wait before the retry; tests set 0. */
  retryDelayMs?: number;
}

export function cmsBaseUrl(env: Env): string {
  return env.CMS_URL ? env.CMS_URL.replace(/\/+$/, "") : "https://embedded-cms.internal";
}

export function createCmsClient({ env, token, retryDelayMs = 150 }: CmsClientOptions): Client {
  return new Client({
    url: `${cmsBaseUrl(env)}/graphql`,
    fetch: (input, init) => env.CMS.fetch(new Request(input, init)),
    // No `credentials` here: workerd rejects the field, and cookies never go to the CMS.
    fetchOptions: () => ({ headers: (token ? { Authorization: `Bearer ${token}` } : {}) as Record<string, string> }),
    requestPolicy: "network-only",
    preferGetMethod: false,
    exchanges: [
      retryExchange({
        initialDelayMs: retryDelayMs,
        maxDelayMs: retryDelayMs,
        randomDelay: false,
        // One count for every kind of operation; retryIf keeps all but queries out (FETCH_RETRIES.mutating is 0).
        maxNumberAttempts: 1 + FETCH_RETRIES.nonMutating,
        retryIf(error, operation) {
          if (operation.kind !== "query") return false;
          const status = (error.response as Response | undefined)?.status;
          if (status !== undefined) return RETRY_STATUSES.includes(status);
          return Boolean(error.networkError);
        },
      }),
      fetchExchange,
    ],
  });
}

/**
 * Runs a query; a failure is logged and answered with null so the page renders
 * without that piece (spec section 8).
 */
export async function runQuery<Data, Variables extends AnyVariables>(
  client: Client,
  document: DocumentInput<Data, Variables>,
  variables: Variables,
  label: string,
): Promise<Data | null> {
  try {
    const result = await client.query(document, variables).toPromise();
    if (result.error) {
      log.error("CMS query failed", { operation: label, error: result.error.message });
      return null;
    }
    return result.data ?? null;
  } catch (error) {
    log.error("CMS query failed", { operation: label, error });
    return null;
  }
}

/** Media URLs from a real Strapi are relative (/uploads/…): make them absolute. */
export function mediaUrl(env: Env, url: string): string {
  if (!env.CMS_URL || /^https?:\/\//.test(url)) return url;
  return `${env.CMS_URL.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`;
}
