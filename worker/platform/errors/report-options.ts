import type { CloudflareOptions } from "@sentry/cloudflare";
import { KEPT_HEADERS, scrubEvent } from "./scrub-event";

/**
 * The error-reporting SDK's options for one invocation (decision 0115): no `SENTRY_DSN`, no DSN (the
 * wrapper in worker/platform/errors/with-error-reports.ts does not even start the SDK then); the
 * release is the deployment's version id (the CF_VERSION_METADATA binding, as /builds/latest.json
 * shows it); no personal data collected, and what the event carries scrubbed on the way out.
 * No tracing: errors only.
 */
export function reportOptions(env: Env): CloudflareOptions {
  const release = env.CF_VERSION_METADATA?.id;
  return {
    dsn: env.SENTRY_DSN || undefined,
    ...(release ? { release } : {}),
    // The SDK's own collection, each kind off but the request headers that name no one (its
    // defaults since version 11 collect them all; `sendDefaultPii` is gone).
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: { allow: [...KEPT_HEADERS] }, response: false },
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    beforeSend: scrubEvent,
    // Breadcrumbs of console lines repeat the log, which Workers Logs keeps already.
    maxBreadcrumbs: 20,
  };
}
